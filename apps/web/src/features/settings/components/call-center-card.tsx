import { HeadsetIcon } from 'lucide-react';
import type { OrgSettingsValues } from '@ips/shared/schemas/settings';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSettingsForm } from '@/features/settings/hooks/use-settings-form';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { SwitchRow } from '@/features/settings/components/switch-row';

const KEYS = [
  'cc_call_recording_enabled',
  'cc_auto_distribution_enabled',
  'cc_max_wait_minutes',
  'cc_service_level_threshold_seconds',
] as const;

/** A number input's value: the number typed, or NaN while it is empty (the rule then names the range). */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (n: number) => (Number.isNaN(n) ? '' : String(n));

/** 'Configuración de Call Center': recording, automatic distribution, maximum wait, service level. */
export function CallCenterCard({ saved, readOnly }: { saved: OrgSettingsValues; readOnly: boolean }) {
  const form = useSettingsForm(KEYS, saved);
  const disabled = readOnly || form.saving;
  return (
    <SettingsCard
      id="call-center"
      title="Configuración de Call Center"
      description="Cómo se atienden y reparten las llamadas entrantes."
      icon={HeadsetIcon}
      readOnly={readOnly}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={() => form.submit()}
      onReset={form.reset}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchRow
          id="cc_call_recording_enabled"
          label="Grabación de llamadas"
          description="Guarda el audio de cada llamada."
          checked={form.value('cc_call_recording_enabled')}
          onCheckedChange={(v) => form.set('cc_call_recording_enabled', v)}
          disabled={disabled}
        />
        <SwitchRow
          id="cc_auto_distribution_enabled"
          label="Distribución automática"
          description="Asigna cada llamada en espera al agente disponible."
          checked={form.value('cc_auto_distribution_enabled')}
          onCheckedChange={(v) => form.set('cc_auto_distribution_enabled', v)}
          disabled={disabled}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="cc_max_wait_minutes"
          label="Tiempo máximo de espera (minutos)"
          hint="Entre 1 y 240"
          error={form.errors.cc_max_wait_minutes}
        >
          <Input
            id="cc_max_wait_minutes"
            type="number"
            min={1}
            max={240}
            value={shown(form.value('cc_max_wait_minutes'))}
            onChange={(e) => form.set('cc_max_wait_minutes', toNumber(e.target.value))}
            disabled={disabled}
            {...describedBy('cc_max_wait_minutes', form.errors.cc_max_wait_minutes, true)}
          />
        </Field>
        <Field
          id="cc_service_level_threshold_seconds"
          label="Umbral del nivel de servicio (segundos)"
          hint="Llamadas atendidas antes de este tiempo; entre 1 y 600"
          error={form.errors.cc_service_level_threshold_seconds}
        >
          <Input
            id="cc_service_level_threshold_seconds"
            type="number"
            min={1}
            max={600}
            value={shown(form.value('cc_service_level_threshold_seconds'))}
            onChange={(e) => form.set('cc_service_level_threshold_seconds', toNumber(e.target.value))}
            disabled={disabled}
            {...describedBy(
              'cc_service_level_threshold_seconds',
              form.errors.cc_service_level_threshold_seconds,
              true,
            )}
          />
        </Field>
      </div>
    </SettingsCard>
  );
}
