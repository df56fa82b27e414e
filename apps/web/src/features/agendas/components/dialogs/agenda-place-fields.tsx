import { useEffect } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useSmartOptions } from '@/features/agendas/api/agendas';
import { SelectField } from '@/features/agendas/components/dialogs/select-field';
import { hhmm } from '@/features/agendas/utils/agenda-display';

/** The form fields these selects share between the create and the edit form. */
export interface PlaceValues {
  location_id: string;
  specialty_id: string;
  doctor_id: string;
  date: string;
}

interface Props<V extends PlaceValues> {
  /** The form's control, whatever its parsed output type. */
  control: unknown;
  setValue: UseFormSetValue<V>;
  errors: FieldErrors<V>;
  idPrefix: string;
  /** The agenda being edited: its own slot is not "another agenda that day". */
  editingId?: number;
}

const num = (v: string) => (v ? Number(v) : undefined);

/**
 * Location → specialty → doctor (spec §5 "Create agenda"): changing the location clears the specialty; the
 * doctors are those of the specialty at the location, and a doctor no longer listed is cleared.
 */
export function AgendaPlaceFields<V extends PlaceValues>({
  control,
  setValue,
  errors,
  idPrefix,
  editingId,
}: Props<V>) {
  // The generic form type hides the field names from react-hook-form's typing; these are always present.
  const c = control as Control<PlaceValues>;
  const set = setValue as unknown as UseFormSetValue<PlaceValues>;
  const e = errors as FieldErrors<PlaceValues>;
  const [locationId, specialtyId, doctorId, date] = useWatch({
    control: c,
    name: ['location_id', 'specialty_id', 'doctor_id', 'date'],
  });
  const locations = useSmartOptions({});
  const specialties = useSmartOptions({ location_id: num(locationId) }, !!locationId);
  const doctors = useSmartOptions(
    { location_id: num(locationId), specialty_id: num(specialtyId), date: date || undefined },
    !!locationId && !!specialtyId,
  );
  // While a list for new choices loads, the previous answer is kept on screen only where it still holds: the
  // specialties of another location are not offered, the doctors are narrowed to the chosen specialty and site.
  const specialtyList =
    locationId && !specialties.isPlaceholderData ? (specialties.data?.specialties ?? []) : [];
  const doctorList =
    specialtyId && locationId
      ? (doctors.data?.doctors ?? []).filter(
          (d) =>
            !doctors.isPlaceholderData ||
            (d.specialty_ids.includes(Number(specialtyId)) && d.location_ids.includes(Number(locationId))),
        )
      : [];

  // A specialty the location does not offer (an edited agenda's, after a change of the catalogue) is cleared
  // where the user sees it, with its doctor.
  useEffect(() => {
    if (
      specialtyId &&
      locationId &&
      specialties.data &&
      !specialties.isPlaceholderData &&
      !specialties.data.specialties.some((s) => String(s.id) === specialtyId)
    ) {
      set('specialty_id', '', { shouldValidate: false });
      set('doctor_id', '', { shouldValidate: false });
    }
  }, [specialtyId, locationId, specialties.data, specialties.isPlaceholderData, set]);

  useEffect(() => {
    if (
      doctorId &&
      doctors.data &&
      !doctors.isPlaceholderData &&
      !doctors.data.doctors.some((d) => String(d.id) === doctorId)
    )
      set('doctor_id', '', { shouldValidate: false });
  }, [doctorId, doctors.data, doctors.isPlaceholderData, set]);

  const others = doctorList
    .find((d) => String(d.id) === doctorId)
    ?.agendas_on_date.filter((a) => a.id !== editingId);

  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Controller
        control={c}
        name="location_id"
        render={({ field }) => (
          <SelectField
            id={`${idPrefix}-location`}
            label="Ubicación"
            required
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              // A new location clears the specialty (spec §5) and with it the doctor; both show their
              // placeholders again.
              if (v !== field.value) {
                set('specialty_id', '');
                set('doctor_id', '');
              }
            }}
            options={locations.data?.locations ?? []}
            placeholder="Seleccione la sede"
            error={e.location_id?.message}
          />
        )}
      />
      <Controller
        control={c}
        name="specialty_id"
        render={({ field }) => (
          <SelectField
            id={`${idPrefix}-specialty`}
            label="Especialidad"
            required
            disabled={!locationId}
            value={field.value}
            onChange={(v) => {
              field.onChange(v);
              // The doctor stays only if they practise the new specialty at this site.
              const doctor = doctorList.find((d) => String(d.id) === doctorId);
              if (doctorId && !doctor?.specialty_ids.includes(Number(v))) set('doctor_id', '');
            }}
            options={specialtyList}
            placeholder={
              !locationId
                ? 'Primero elija la sede'
                : specialties.isFetching && specialtyList.length === 0
                  ? 'Cargando…'
                  : 'Seleccione la especialidad'
            }
            error={e.specialty_id?.message}
          />
        )}
      />
      <Controller
        control={c}
        name="doctor_id"
        render={({ field }) => (
          <SelectField
            id={`${idPrefix}-doctor`}
            label="Doctor"
            required
            disabled={!specialtyId}
            value={field.value}
            onChange={field.onChange}
            options={doctorList}
            placeholder={specialtyId ? 'Seleccione el doctor' : 'Primero elija la especialidad'}
            error={e.doctor_id?.message}
            hint={
              others?.length
                ? `Ya tiene agenda ese día: ${others.map((a) => `${hhmm(a.start_time)}–${hhmm(a.end_time)}`).join(', ')}`
                : undefined
            }
          />
        )}
      />
    </div>
  );
}
