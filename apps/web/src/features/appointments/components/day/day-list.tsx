import type { Appointment } from '@/features/appointments/api/get-appointments';
import { AppointmentActionsMenu } from '@/features/appointments/components/actions/appointment-actions-menu';
import { AppointmentStatusBadge } from '@/features/appointments/components/status-badge';
import { timeOf } from '@/features/appointments/utils/scheduled-at';
import { groupByHour } from '@/features/appointments/utils/timeline';

/** The day's appointments in time order, grouped under their hour. */
export function DayList({ appointments }: { appointments: Appointment[] }) {
  const rows = [...groupByHour(appointments, (a) => timeOf(a.scheduled_at)).entries()].filter(
    ([, list]) => list.length > 0,
  );
  const outside = appointments.length - rows.reduce((s, [, l]) => s + l.length, 0);
  if (appointments.length === 0)
    return (
      <p className="py-10 text-center text-sm text-muted-foreground">
        No hay citas programadas para esta fecha
      </p>
    );
  return (
    <div className="rounded-xl border bg-card shadow-sm" data-testid="day-list">
      {rows.map(([hour, list]) => (
        <section key={hour} aria-label={`${hour}:00`}>
          <h3 className="border-b bg-muted/50 px-4 py-1.5 text-xs font-semibold text-muted-foreground">
            {hour}:00
          </h3>
          <ul className="divide-y">
            {list.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm">
                <span className="w-12 font-semibold tabular-nums">{timeOf(a.scheduled_at)}</span>
                <span className="min-w-40 flex-1">
                  <span className="block font-medium">{a.patient_name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {a.patient_document}
                    {a.patient_phone ? ` · ${a.patient_phone}` : ''}
                  </span>
                </span>
                <span className="min-w-40 flex-1 text-xs">
                  <span className="block">{a.doctor_name}</span>
                  <span className="block text-muted-foreground">
                    {a.specialty_name} · {a.location_name} · {a.duration_minutes} min
                  </span>
                </span>
                <AppointmentStatusBadge status={a.status} />
                <AppointmentActionsMenu appointment={a} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {outside > 0 && (
        <p className="border-t px-4 py-2 text-xs text-muted-foreground">
          {outside} cita(s) fuera del horario de 8:00 a 19:00 no se muestran.
        </p>
      )}
    </div>
  );
}
