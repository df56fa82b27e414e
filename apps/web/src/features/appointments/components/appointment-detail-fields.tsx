import { APPOINTMENT_TYPES, INSURANCE_TYPES } from '@ips/shared/schemas/appointments';
import { APPOINTMENT_DURATIONS } from '@ips/shared/schemas/appointment-booking';
import { countOf } from '@ips/shared/format';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { SimpleSelect } from '@/features/appointments/components/simple-select';

/** The appointment details shared by the quick, manual and smart dialogs (spec §5 defaults: Presencial, 30). */
export interface AppointmentDetails {
  appointment_type: string;
  duration_minutes: string;
  insurance_type: string;
  reason: string;
  notes: string;
}

export const DEFAULT_DETAILS: AppointmentDetails = {
  appointment_type: 'Presencial',
  duration_minutes: '30',
  insurance_type: '',
  reason: '',
  notes: '',
};

/**
 * The durations offered (spec §9: 15/30/45/60) plus the agenda's own slot length, which is the default when
 * booking into an agenda: a 20-minute agenda books 20 minutes unless the person picks otherwise.
 */
export function durationChoices(agendaMinutes?: number): number[] {
  const all = new Set<number>(APPOINTMENT_DURATIONS);
  if (agendaMinutes && agendaMinutes > 0) all.add(agendaMinutes);
  return [...all].sort((a, b) => a - b);
}

export const durationLabel = (d: number, agendaMinutes?: number) =>
  d === agendaMinutes ? `${countOf(d, 'minuto')} (cupo de la agenda)` : countOf(d, 'minuto');

/** The details to start from in an agenda: the spec's defaults with the agenda's slot length. */
export const detailsForAgenda = (agendaMinutes?: number): AppointmentDetails => ({
  ...DEFAULT_DETAILS,
  duration_minutes: String(
    agendaMinutes && agendaMinutes > 0 ? agendaMinutes : DEFAULT_DETAILS.duration_minutes,
  ),
});

/** Empty notes and insurance type go out as null (spec §5). */
export function detailsPayload(d: AppointmentDetails) {
  return {
    appointment_type: d.appointment_type as (typeof APPOINTMENT_TYPES)[number],
    duration_minutes: Number(d.duration_minutes),
    insurance_type: (d.insurance_type || null) as (typeof INSURANCE_TYPES)[number] | null,
    reason: d.reason.trim(),
    notes: d.notes.trim() || null,
  };
}

interface Props {
  idPrefix: string;
  value: AppointmentDetails;
  onChange: (next: AppointmentDetails) => void;
  errors?: Partial<Record<keyof AppointmentDetails, string>>;
  /** Hide the duration (smart assignment takes the agenda's). */
  showDuration?: boolean;
  /** The agenda's slot length, offered among the durations (see durationChoices). */
  agendaMinutes?: number;
  reasonRequired?: boolean;
}

export function AppointmentDetailFields({
  idPrefix,
  value,
  onChange,
  errors = {},
  showDuration = true,
  agendaMinutes,
  reasonRequired = true,
}: Props) {
  const set = (key: keyof AppointmentDetails) => (v: string) => onChange({ ...value, [key]: v });
  const id = (k: string) => `${idPrefix}-${k}`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id('type')} label="Tipo de cita" required error={errors.appointment_type}>
        <SimpleSelect
          id={id('type')}
          value={value.appointment_type}
          onChange={set('appointment_type')}
          options={APPOINTMENT_TYPES.map((t) => ({ value: t, label: t }))}
        />
      </Field>
      {showDuration && (
        <Field id={id('duration')} label="Duración (minutos)" required error={errors.duration_minutes}>
          <SimpleSelect
            id={id('duration')}
            value={value.duration_minutes}
            onChange={set('duration_minutes')}
            options={durationChoices(agendaMinutes).map((d) => ({
              value: String(d),
              label: durationLabel(d, agendaMinutes),
            }))}
          />
        </Field>
      )}
      <Field id={id('insurance')} label="Tipo de aseguramiento">
        <SimpleSelect
          id={id('insurance')}
          value={value.insurance_type}
          onChange={set('insurance_type')}
          noneLabel="Sin especificar"
          placeholder="Sin especificar"
          options={INSURANCE_TYPES.map((t) => ({ value: t, label: t }))}
        />
      </Field>
      <Field
        id={id('reason')}
        label="Motivo de la consulta"
        required={reasonRequired}
        error={errors.reason}
        className="sm:col-span-2"
      >
        <Textarea
          id={id('reason')}
          rows={2}
          maxLength={500}
          value={value.reason}
          onChange={(e) => set('reason')(e.target.value)}
          aria-invalid={errors.reason ? true : undefined}
        />
      </Field>
      <Field id={id('notes')} label="Notas" className="sm:col-span-2">
        <Textarea
          id={id('notes')}
          rows={2}
          maxLength={500}
          value={value.notes}
          onChange={(e) => set('notes')(e.target.value)}
        />
      </Field>
    </div>
  );
}
