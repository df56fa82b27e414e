import { PRIORITY_LEVELS } from '@ips/shared/schemas/queue-entry';
import { Combobox } from '@/components/ui/combobox';
import { Field, describedBy } from '@/components/ui/field';
import { useSmartOptions } from '@/features/appointments/api/get-availabilities';
import { SimpleSelect } from '@/features/appointments/components/simple-select';
import { withLastUsedFirst } from '@/features/appointments/components/smart/last-used';
import { DesiredDateField } from '@/components/desired-date-field';

export type DayPart = '' | 'morning' | 'afternoon' | 'evening';

export interface SmartPreferences {
  specialty_id: string;
  location_id: string;
  doctor_id: string;
  day_part: DayPart;
  urgency_level: string;
  /** 'Fecha deseada por el paciente', 'YYYY-MM-DD' or '' (Res. 256, decision 032). */
  desired_date: string;
}

export const DEFAULT_PREFERENCES: SmartPreferences = {
  specialty_id: '',
  location_id: '',
  doctor_id: '',
  day_part: '',
  urgency_level: 'Normal',
  desired_date: '',
};

const DAY_PARTS: { value: DayPart; label: string }[] = [
  { value: 'morning', label: 'Mañana (antes de las 12:00)' },
  { value: 'afternoon', label: 'Tarde (12:00 a 18:00)' },
  { value: 'evening', label: 'Noche (desde las 18:00)' },
];

/**
 * Specialty (required), location and preferred doctor, narrowing one another from GET
 * /availabilities/smart-options; a preferred part of the day when no doctor is chosen; the queue priority.
 * The three choices among many filter by what is typed (Combobox); the user's last specialty comes first.
 */
export function SmartPreferencesFields({
  value,
  onChange,
  specialtyError,
  lastSpecialty = null,
}: {
  value: SmartPreferences;
  onChange: (next: SmartPreferences) => void;
  specialtyError?: string;
  lastSpecialty?: string | null;
}) {
  const options = useSmartOptions({});
  const o = options.data;
  const spec = Number(value.specialty_id) || null;
  const loc = Number(value.location_id) || null;
  const doctors = (o?.doctors ?? []).filter(
    (d) => (!spec || d.specialty_ids.includes(spec)) && (!loc || d.location_ids.includes(loc)),
  );
  const locations = (o?.locations ?? []).filter(
    (l) =>
      !spec ||
      (o?.doctors ?? []).some((d) => d.specialty_ids.includes(spec) && d.location_ids.includes(l.id)),
  );
  const set = (patch: Partial<SmartPreferences>) => onChange({ ...value, ...patch });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="smart-specialty" label="Especialidad" required error={specialtyError}>
        <Combobox
          id="smart-specialty"
          required
          value={value.specialty_id || null}
          placeholder={options.isPending ? 'Cargando…' : 'Seleccione una especialidad'}
          searchPlaceholder="Buscar especialidad"
          onChange={(v) => set({ specialty_id: v ?? '', location_id: '', doctor_id: '' })}
          options={withLastUsedFirst(
            (o?.specialties ?? []).map((s) => ({ value: String(s.id), label: s.name })),
            lastSpecialty,
          )}
          {...describedBy('smart-specialty', specialtyError)}
        />
      </Field>
      <Field id="smart-location" label="Sede">
        <Combobox
          id="smart-location"
          value={value.location_id || null}
          clearLabel="Cualquier sede"
          placeholder="Cualquier sede"
          searchPlaceholder="Buscar sede"
          disabled={!spec}
          onChange={(v) => set({ location_id: v ?? '', doctor_id: '' })}
          options={locations.map((l) => ({ value: String(l.id), label: l.name }))}
        />
      </Field>
      <Field id="smart-doctor" label="Doctor preferido" hint="Al elegir un doctor se escoge fecha y horario">
        <Combobox
          id="smart-doctor"
          value={value.doctor_id || null}
          clearLabel="Cualquier doctor"
          placeholder="Cualquier doctor"
          searchPlaceholder="Buscar doctor"
          disabled={!spec}
          onChange={(v) => set({ doctor_id: v ?? '' })}
          options={doctors.map((d) => ({ value: String(d.id), label: d.name }))}
          {...describedBy('smart-doctor', undefined, true)}
        />
      </Field>
      {!value.doctor_id && (
        <Field id="smart-daypart" label="Franja preferida">
          <SimpleSelect
            id="smart-daypart"
            value={value.day_part}
            noneLabel="Cualquier hora"
            placeholder="Cualquier hora"
            onChange={(v) => set({ day_part: v as DayPart })}
            options={DAY_PARTS}
          />
        </Field>
      )}
      <Field id="smart-urgency" label="Prioridad (si pasa a cola de espera)">
        <SimpleSelect
          id="smart-urgency"
          value={value.urgency_level}
          onChange={(v) => set({ urgency_level: v })}
          options={PRIORITY_LEVELS.map((p) => ({ value: p, label: p }))}
        />
      </Field>
      <DesiredDateField
        id="smart-desired-date"
        value={value.desired_date}
        onChange={(v) => set({ desired_date: v })}
      />
    </div>
  );
}
