import { CalendarClockIcon } from 'lucide-react';
import { QUEUE_FREED_SLOT_ACTIONS, type OrgSettingsValues } from '@ips/shared/schemas/settings';
import { Field, describedBy } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useSettingsForm } from '@/features/settings/hooks/use-settings-form';
import { SettingsCard } from '@/features/settings/components/settings-card';
import { SwitchRow } from '@/features/settings/components/switch-row';

const KEYS = [
  'auto_cancel_without_confirmation',
  'auto_cancel_also_appointments_default',
  'queue_freed_slot_action',
  'attend_early_tolerance_minutes',
] as const;

/** A number input's value: the number typed, or NaN while it is empty (the rule then names the range). */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const shown = (n: number) => (Number.isNaN(n) ? '' : String(n));

const FREED_SLOT_LABELS: Record<(typeof QUEUE_FREED_SLOT_ACTIONS)[number], string> = {
  notify: 'Ofrecer el cupo al siguiente paciente en espera',
  auto_assign: 'Asignar el cupo al siguiente paciente en espera',
  off: 'No hacer nada',
};

/**
 * 'Automatización de Agenda': the auto-cancellation of expired agendas, what a freed slot does, and how long
 * before its time an appointment may be marked attended.
 */
export function AgendaAutomationCard({ saved, readOnly }: { saved: OrgSettingsValues; readOnly: boolean }) {
  const form = useSettingsForm(KEYS, saved);
  const disabled = readOnly || form.saving;
  return (
    <SettingsCard
      id="agenda-automation"
      title="Automatización de Agenda"
      description="Qué hace el sistema con las agendas vencidas y los cupos que se liberan."
      icon={CalendarClockIcon}
      readOnly={readOnly}
      dirty={form.dirty}
      saving={form.saving}
      onSubmit={() => form.submit()}
      onReset={form.reset}
    >
      <div className="grid gap-3">
        <SwitchRow
          id="auto_cancel_without_confirmation"
          label="Cancelar agendas vencidas sin confirmación"
          description="Si está apagado, Gestión de agenda pregunta antes de cancelarlas."
          checked={form.value('auto_cancel_without_confirmation')}
          onCheckedChange={(v) => form.set('auto_cancel_without_confirmation', v)}
          disabled={disabled}
        />
        <SwitchRow
          id="auto_cancel_also_appointments_default"
          label="Cancelar también sus citas (por defecto)"
          description="Valor inicial del interruptor al cancelar agendas vencidas."
          checked={form.value('auto_cancel_also_appointments_default')}
          onCheckedChange={(v) => form.set('auto_cancel_also_appointments_default', v)}
          disabled={disabled}
        />
      </div>
      <Field id="queue_freed_slot_action" label="Cuando una cancelación libera un cupo">
        <Select
          value={form.value('queue_freed_slot_action')}
          onValueChange={(v) =>
            form.set('queue_freed_slot_action', v as OrgSettingsValues['queue_freed_slot_action'])
          }
          disabled={disabled}
        >
          <SelectTrigger id="queue_freed_slot_action" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {QUEUE_FREED_SLOT_ACTIONS.map((a) => (
              <SelectItem key={a} value={a}>
                {FREED_SLOT_LABELS[a]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field
        id="attend_early_tolerance_minutes"
        label="Marcar atendida hasta (minutos antes de la cita)"
        hint="Antes de este margen la cita no se puede marcar atendida; entre 0 y 1440"
        error={form.errors.attend_early_tolerance_minutes}
      >
        <Input
          id="attend_early_tolerance_minutes"
          type="number"
          min={0}
          max={1440}
          value={shown(form.value('attend_early_tolerance_minutes'))}
          onChange={(e) => form.set('attend_early_tolerance_minutes', toNumber(e.target.value))}
          disabled={disabled}
          {...describedBy('attend_early_tolerance_minutes', form.errors.attend_early_tolerance_minutes, true)}
        />
      </Field>
    </SettingsCard>
  );
}
