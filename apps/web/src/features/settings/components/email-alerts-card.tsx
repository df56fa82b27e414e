import { MailIcon, TriangleAlertIcon } from 'lucide-react';
import type { OrgSettingsValues } from '@ips/shared/schemas/settings';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSettingsForm } from '@/features/settings/hooks/use-settings-form';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { SwitchRow } from '@/features/settings/components/switch-row';

const KEYS = [
  'notifications_email_enabled',
  'notifications_email',
  'alert_long_queue_enabled',
  'alert_agents_offline_enabled',
] as const;

/** The e-mail alerts card (spec part 2 §3 "Notification settings"): the four fields, saved together. */
export function EmailAlertsCard({
  saved,
  readOnly,
  emailConfigured,
}: {
  saved: OrgSettingsValues;
  readOnly: boolean;
  /** Whether the server can send e-mail; undefined while unknown. */
  emailConfigured?: boolean;
}) {
  const form = useSettingsForm(KEYS, saved);
  const disabled = readOnly || form.saving;
  const on = form.value('notifications_email_enabled');
  return (
    <SettingsCard
      id="email-alerts"
      title="Alertas por correo"
      description="Avisos al correo de la coordinación cuando la operación lo requiere."
      icon={MailIcon}
      readOnly={readOnly}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={() => form.submit()}
      onReset={form.reset}
    >
      {emailConfigured === false && (
        <p
          role="status"
          data-testid="email-not-configured"
          className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/15 px-3 py-2 text-sm text-[oklch(0.4_0.1_70)]"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-[oklch(0.45_0.1_70)]" aria-hidden />
          <span>
            <strong className="font-medium">El correo no está configurado.</strong> El servidor no tiene
            SMTP_URL y SMTP_FROM: las alertas se guardan, pero no se envía ningún correo hasta que se
            configure.
          </span>
        </p>
      )}
      <SwitchRow
        id="notifications_email_enabled"
        label="Enviar alertas por correo"
        checked={on}
        onCheckedChange={(v) => form.set('notifications_email_enabled', v)}
        disabled={disabled}
      />
      <Field
        id="notifications_email"
        label="Correo que recibe las alertas"
        required={on}
        error={form.errors.notifications_email}
      >
        <Input
          id="notifications_email"
          type="email"
          value={form.value('notifications_email')}
          onChange={(e) => form.set('notifications_email', e.target.value)}
          placeholder="coordinacion@ips.co"
          disabled={disabled}
          {...describedBy('notifications_email', form.errors.notifications_email)}
        />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchRow
          id="alert_long_queue_enabled"
          label="Cola de espera larga"
          description="Cuando la espera supera el tiempo máximo del call center."
          checked={form.value('alert_long_queue_enabled')}
          onCheckedChange={(v) => form.set('alert_long_queue_enabled', v)}
          disabled={disabled || !on}
        />
        <SwitchRow
          id="alert_agents_offline_enabled"
          label="Agentes desconectados"
          description="Cuando no queda ningún agente conectado en horario."
          checked={form.value('alert_agents_offline_enabled')}
          onCheckedChange={(v) => form.set('alert_agents_offline_enabled', v)}
          disabled={disabled || !on}
        />
      </div>
    </SettingsCard>
  );
}
