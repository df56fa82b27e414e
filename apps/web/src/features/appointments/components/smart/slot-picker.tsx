import { useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import { countOf, formatDate } from '@ips/shared/format';
import { addDays, isoWeekday, toMinutes } from '@ips/shared/scheduling/calendar-days';
import { SMART_ASSIGN_DEFAULT_DAYS } from '@ips/shared/schemas/smart-assign';
import { useDistributionCalendar } from '@/features/appointments/api/get-availabilities';
import { cn } from '@/lib/utils';
import { hhmm } from '@/features/appointments/utils/scheduled-at';

export interface PickedSlot {
  date: string;
  availability_id: number;
  start_time: string;
  end_time: string;
}

export interface DoctorDaysParams {
  doctorId: number;
  specialtyId: number;
  locationId: number | null;
  today: string;
  /** The clinic's minute of the day: today's blocks that have ended are not offered (issue 15). */
  nowMinutes: number;
}

/**
 * The doctor's weekdays with free slots in the smart-assign window (spec §5: weekdays with slots only). The
 * server leaves out blocks that have ended; one that ends while the dialog is open is dropped here by the clock.
 */
export function useDoctorDays({ doctorId, specialtyId, locationId, today, nowMinutes }: DoctorDaysParams) {
  const calendar = useDistributionCalendar(
    doctorId > 0 && specialtyId > 0
      ? {
          doctor_id: doctorId,
          specialty_id: specialtyId,
          location_id: locationId ?? undefined,
          start_date: today,
          end_date: addDays(today, SMART_ASSIGN_DEFAULT_DAYS),
        }
      : null,
  );
  const days = (calendar.data ?? [])
    .map((d) => {
      const slots = d.time_slots.filter((s) => d.date > today || toMinutes(hhmm(s.end_time)) > nowMinutes);
      return {
        ...d,
        time_slots: slots,
        total_available_slots: slots.reduce((n, s) => n + Math.max(0, s.available_slots), 0),
      };
    })
    .filter((d) => d.date >= today && isoWeekday(d.date) <= 5 && d.total_available_slots > 0);
  return { days, isPending: calendar.isPending };
}

/**
 * The doctor's days with free slots in the next 30 days, weekdays only (spec §5), then that day's time slots;
 * a full slot is shown disabled.
 */
export function SlotPicker({
  value,
  onChange,
  ...params
}: DoctorDaysParams & {
  value: PickedSlot | null;
  onChange: (slot: PickedSlot | null) => void;
}) {
  const { days, isPending } = useDoctorDays(params);
  const [date, setDate] = useState<string | null>(value?.date ?? null);
  const day = days.find((d) => d.date === date) ?? null;

  if (isPending)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Cargando fechas disponibles…
      </p>
    );
  if (days.length === 0)
    return (
      <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
        El doctor no tiene cupos libres en los próximos {SMART_ASSIGN_DEFAULT_DAYS} días. Sin elegir fecha, el
        paciente pasará a la cola de espera si no hay otro cupo.
      </p>
    );

  return (
    <div className="grid gap-3">
      <div role="radiogroup" aria-label="Fecha" className="flex flex-wrap gap-2">
        {days.map((d) => (
          <button
            key={d.date}
            type="button"
            role="radio"
            aria-checked={d.date === date}
            onClick={() => {
              setDate(d.date);
              if (value?.date !== d.date) onChange(null);
            }}
            className={cn(
              'rounded-lg border px-3 py-2 text-left text-xs transition-colors',
              d.date === date ? 'border-primary bg-primary/10' : 'hover:bg-muted',
            )}
          >
            <span className="block font-semibold capitalize">{d.day_name}</span>
            <span className="block">{formatDate(d.date)}</span>
            <span className="block text-muted-foreground">
              {countOf(d.total_available_slots, 'cupo', 'cupos')}
            </span>
          </button>
        ))}
      </div>
      {day && (
        <div role="radiogroup" aria-label="Horario" className="flex flex-wrap gap-2">
          {day.time_slots.map((s) => {
            const full = s.available_slots <= 0;
            const selected =
              value?.availability_id === s.availability_id && value.start_time === s.start_time;
            return (
              <button
                key={`${s.availability_id}-${s.start_time}`}
                type="button"
                role="radio"
                aria-checked={selected}
                disabled={full}
                onClick={() =>
                  onChange({
                    date: day.date,
                    availability_id: s.availability_id,
                    start_time: hhmm(s.start_time),
                    end_time: hhmm(s.end_time),
                  })
                }
                className={cn(
                  'rounded-lg border px-3 py-2 text-xs transition-colors disabled:cursor-not-allowed disabled:opacity-50',
                  selected ? 'border-primary bg-primary/10' : 'hover:bg-muted',
                )}
              >
                <span className="block font-semibold">
                  {hhmm(s.start_time)}–{hhmm(s.end_time)}
                </span>
                <span className="block text-muted-foreground">
                  {full ? 'Sin cupos' : countOf(s.available_slots, 'cupo', 'cupos')} · {s.location_name}
                </span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
