import { Building2Icon } from 'lucide-react';
import { NIT_EXAMPLE } from '@ips/shared/schemas/colombian-ids';
import type { OrgSettingsValues } from '@ips/shared/schemas/settings';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSettingsForm } from '@/features/settings/hooks/use-settings-form';
import { LogoField } from '@/features/settings/components/logo-field';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { TimezoneField } from '@/features/settings/components/timezone-field';

const KEYS = [
  'org_name',
  'org_address',
  'org_phone',
  'org_email',
  'org_website',
  'org_nit',
  'cod_prestador',
  'org_timezone',
  'org_logo_url',
] as const;

type TextKey = Exclude<(typeof KEYS)[number], 'org_timezone' | 'org_logo_url'>;

const TEXT_FIELDS: {
  key: TextKey;
  label: string;
  hint?: string;
  required?: boolean;
  inputMode?: 'numeric';
}[] = [
  { key: 'org_name', label: 'Nombre de la IPS', required: true },
  { key: 'org_nit', label: 'NIT', hint: `Con dígito de verificación, p. ej. ${NIT_EXAMPLE}` },
  {
    key: 'cod_prestador',
    label: 'Código de habilitación (REPS)',
    hint: '12 dígitos, como figura en el REPS',
    inputMode: 'numeric',
  },
  { key: 'org_phone', label: 'Teléfono' },
  { key: 'org_address', label: 'Dirección' },
  { key: 'org_email', label: 'Correo electrónico' },
  { key: 'org_website', label: 'Sitio web', hint: 'https://…' },
];

/** 'Información de la IPS': identity, contact, timezone and logo (sidebar header and PDFs use them). */
export function IpsInfoCard({ saved, readOnly }: { saved: OrgSettingsValues; readOnly: boolean }) {
  const form = useSettingsForm(KEYS, saved);
  const disabled = readOnly || form.saving;
  return (
    <SettingsCard
      id="ips-info"
      title="Información de la IPS"
      description="Nombre, identificación y contacto de la institución: aparecen en la barra lateral y en los PDF."
      icon={Building2Icon}
      readOnly={readOnly}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={() => form.submit()}
      onReset={form.reset}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((f) => (
          <Field
            key={f.key}
            id={f.key}
            label={f.label}
            required={f.required}
            error={form.errors[f.key]}
            hint={f.hint}
            className={f.key === 'org_name' || f.key === 'org_address' ? 'sm:col-span-2' : undefined}
          >
            <Input
              id={f.key}
              value={form.value(f.key)}
              onChange={(e) => form.set(f.key, e.target.value)}
              disabled={disabled}
              inputMode={f.inputMode}
              {...describedBy(f.key, form.errors[f.key], Boolean(f.hint))}
            />
          </Field>
        ))}
        <Field
          id="org_timezone"
          label="Zona horaria"
          error={form.errors.org_timezone}
          hint="Fechas, horas y 'hoy' se calculan en esta zona"
          className="sm:col-span-2"
        >
          <TimezoneField
            id="org_timezone"
            value={form.value('org_timezone')}
            onChange={(z) => form.set('org_timezone', z)}
            error={form.errors.org_timezone}
            disabled={disabled}
          />
        </Field>
      </div>
      <LogoField
        value={form.value('org_logo_url')}
        onChange={(url) => form.set('org_logo_url', url)}
        error={form.errors.org_logo_url}
        disabled={disabled}
        readOnly={readOnly}
      />
    </SettingsCard>
  );
}
