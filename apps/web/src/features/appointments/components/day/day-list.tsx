import type { Appointment } from '@/features/appointments/api/get-appointments';
import { AppointmentActionsMenu } from '@/features/appointments/components/actions/appointment-actions-menu';
import { AppointmentStatusBadge } from '@/features/appointments/components/status-badge';
import { timeOf } from '@/features/appointments/utils/scheduled-at';

/** The day's appointments in time order, under their hour (every hour, also those outside the timeline). */
export function DayList({ appointments }: { appointments: Appointment[] }) {
  if (appointments.length === 0)
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        No hay citas programadas para esta fecha
      </p>
    );
  const hours = new Map<string, Appointment[]>();
  for (const a of [...appointments].sort(
    (x, y) => x.scheduled_at.localeCompare(y.scheduled_at) || x.id - y.id,
  )) {
    const h = `${Number(timeOf(a.scheduled_at).slice(0, 2))}:00`;
    hours.set(h, [...(hours.get(h) ?? []), a]);
  }
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="day-list">
      {[...hours.entries()].map(([hour, list]) => (
        <section key={hour} aria-label={hour}>
          <h3 className="border-b bg-muted/50 px-4 py-1.5 text-xs font-semibold text-muted-foreground">
            {hour}
          </h3>
          <ul className="divide-y">
            {list.map((a) => (
              <li
                key={a.id}
                className="grid grid-cols-[3rem_1fr_auto_2.25rem] items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm md:grid-cols-[3rem_1fr_1fr_7rem_2.25rem]"
                data-testid="day-list-item"
              >
                <span className="font-semibold tabular-nums">{timeOf(a.scheduled_at)}</span>
                <span className="min-w-0">
                  <span className="block truncate font-medium">{a.patient_name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {a.patient_document}
                    {a.patient_phone ? ` · ${a.patient_phone}` : ''}
                  </span>
                </span>
                <span className="hidden min-w-0 text-xs md:block">
                  <span className="block truncate">{a.doctor_name}</span>
                  <span className="block truncate text-muted-foreground">
                    {a.specialty_name} · {a.location_name} · {a.duration_minutes} min
                  </span>
                </span>
                <span className="justify-self-start">
                  <AppointmentStatusBadge status={a.status} />
                </span>
                <span className="justify-self-end">
                  <AppointmentActionsMenu appointment={a} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
