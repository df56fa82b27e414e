import type { Appointment } from '@/features/appointments/api/get-appointments';
import type { Availability } from '@/features/appointments/api/get-availabilities';
import { AppointmentActionsMenu } from '@/features/appointments/components/actions/appointment-actions-menu';
import { AgendaBookingMenu } from '@/features/appointments/components/day/agenda-booking-menu';
import { STATUS_BLOCK } from '@/features/appointments/components/status-badge';
import { cn } from '@/lib/utils';
import { hhmm, normalStatus, timeOf } from '@/features/appointments/utils/scheduled-at';
import { dayHours, hoursOf, placeOnTimeline } from '@/features/appointments/utils/timeline';
import { toMinutes } from '@ips/shared/scheduling/calendar-days';

const HOUR_PX = 72;

/**
 * One column per doctor over the hours 8:00–19:00, or more when the day's agendas or appointments need them
 * (an agenda from 07:00 shows its first hour): the agendas as shaded spans, appointments on top. With
 * `bookable`, a doctor's header offers 'Registrar Cita' and 'Cita Manual' for the agendas it accepts.
 */
export function DayTimeline({
  agendas,
  appointments,
  bookable,
  onQuick,
  onManual,
}: {
  agendas: Availability[];
  appointments: Appointment[];
  bookable?: (a: Availability) => boolean;
  onQuick: (a: Availability) => void;
  onManual: (a: Availability) => void;
}) {
  const doctors = [
    ...new Map(
      [...agendas, ...appointments].map((x) => [x.doctor_id, { id: x.doctor_id, name: x.doctor_name }]),
    ).values(),
  ].sort((a, b) => a.name.localeCompare(b.name));
  if (doctors.length === 0)
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        No hay citas programadas para esta fecha
      </p>
    );
  const range = dayHours([
    ...agendas.map((a) => ({
      start: hhmm(a.start_time),
      minutes: toMinutes(hhmm(a.end_time)) - toMinutes(hhmm(a.start_time)),
    })),
    ...appointments.map((x) => ({ start: timeOf(x.scheduled_at), minutes: x.duration_minutes })),
  ]);
  const hours = hoursOf(range);
  const height = hours.length * HOUR_PX;
  // Only an appointment that crosses midnight can fall outside the rows now.
  const outside = appointments.filter(
    (x) => !placeOnTimeline(timeOf(x.scheduled_at), x.duration_minutes, range),
  ).length;

  return (
    <div className="overflow-x-auto rounded-xl border bg-card shadow-sm" data-testid="day-timeline">
      <div className="flex min-w-fit">
        <div className="sticky left-0 z-10 w-16 shrink-0 border-r bg-card pt-10">
          {hours.map((h) => (
            <div
              key={h}
              style={{ height: HOUR_PX }}
              className="pr-2 text-right text-xs text-muted-foreground"
            >
              {h}:00
            </div>
          ))}
        </div>
        {doctors.map((d) => (
          <div key={d.id} className="w-56 shrink-0 border-r last:border-r-0">
            <div className="flex h-10 items-center gap-1 border-b px-2 text-sm font-medium">
              <span className="min-w-0 flex-1 truncate" title={d.name}>
                {d.name}
              </span>
              {bookable && (
                <AgendaBookingMenu
                  doctorName={d.name}
                  agendas={agendas.filter((a) => a.doctor_id === d.id && bookable(a))}
                  onQuick={onQuick}
                  onManual={onManual}
                />
              )}
            </div>
            <div className="relative" style={{ height }}>
              {hours.map((h, i) => (
                <div
                  key={h}
                  className="absolute inset-x-0 border-t border-dashed"
                  style={{ top: i * HOUR_PX }}
                />
              ))}
              {agendas
                .filter((a) => a.doctor_id === d.id)
                .map((a) => {
                  const p = placeOnTimeline(
                    hhmm(a.start_time),
                    toMinutes(hhmm(a.end_time)) - toMinutes(hhmm(a.start_time)),
                    range,
                  );
                  if (!p) return null;
                  return (
                    <div
                      key={a.id}
                      className={cn(
                        'absolute inset-x-1 rounded-md border border-primary/20 bg-primary/5',
                        a.status === 'Cancelada' && 'bg-muted',
                      )}
                      style={{ top: `${p.topPercent}%`, height: `${p.heightPercent}%` }}
                      title={`${a.specialty_name} · ${a.location_name} · ${a.booked_slots}/${a.capacity}`}
                    />
                  );
                })}
              {appointments
                .filter((x) => x.doctor_id === d.id)
                .map((x) => {
                  const p = placeOnTimeline(timeOf(x.scheduled_at), x.duration_minutes, range);
                  if (!p) return null;
                  return (
                    <div
                      key={x.id}
                      className={cn(
                        'absolute inset-x-2 flex items-start gap-1 overflow-hidden rounded-md border px-1.5 py-0.5 text-xs',
                        STATUS_BLOCK[normalStatus(x.status)] ?? 'bg-card',
                      )}
                      style={{ top: `${p.topPercent}%`, height: `${p.heightPercent}%`, minHeight: 22 }}
                      data-testid="timeline-appointment"
                    >
                      <span className="min-w-0 flex-1 truncate">
                        <span className="font-semibold">{timeOf(x.scheduled_at)}</span> {x.patient_name}
                      </span>
                      <span className="-my-1 -mr-1 shrink-0 scale-75">
                        <AppointmentActionsMenu appointment={x} />
                      </span>
                    </div>
                  );
                })}
            </div>
          </div>
        ))}
      </div>
      {outside > 0 && (
        <p className="border-t px-4 py-2 text-xs text-muted-foreground">
          {outside === 1 ? '1 cita queda' : `${outside} citas quedan`} fuera del horario de {range.first}:00 a{' '}
          {range.last + 1}:00: véalas en la vista Lista.
        </p>
      )}
    </div>
  );
}
