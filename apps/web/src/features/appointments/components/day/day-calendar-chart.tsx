import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Appointment } from '@/features/appointments/api/get-appointments';
import type { Availability } from '@/features/appointments/api/get-availabilities';
import { CHART_COLORS, ChartPanel } from '@/features/appointments/components/dashboard/dashboard-charts';
import { normalStatus, timeOf } from '@/features/appointments/utils/scheduled-at';
import { capacityByHour, dayHours } from '@/features/appointments/utils/timeline';
import { toMinutes } from '@ips/shared/scheduling/calendar-days';

/** Calendario: capacity vs occupied slots per hour of the day. */
export function DayCalendarChart({
  agendas,
  appointments,
}: {
  agendas: Availability[];
  appointments: Appointment[];
}) {
  const open = agendas.filter((a) => a.status !== 'Cancelada');
  const confirmed = appointments.filter((a) => normalStatus(a.status) === 'Confirmada');
  // The hours the day needs (an agenda from 07:00 has bars at 07:00), 8:00–19:00 at least.
  const hours = dayHours([
    ...open.map((a) => ({
      start: a.start_time,
      minutes: toMinutes(a.end_time.slice(0, 5)) - toMinutes(a.start_time.slice(0, 5)),
    })),
    ...confirmed.map((a) => ({ start: timeOf(a.scheduled_at), minutes: a.duration_minutes })),
  ]);
  const data = capacityByHour(
    open,
    confirmed.map((a) => timeOf(a.scheduled_at)),
    hours,
  );
  return (
    <ChartPanel
      title="Capacidad y ocupación por hora"
      description="Cupos de las agendas del día y citas confirmadas, por hora de inicio"
      empty={agendas.length === 0}
      height="h-80"
    >
      <BarChart data={data} margin={{ left: -16, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="hour" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar isAnimationActive={false} dataKey="capacidad" name="Capacidad" fill={CHART_COLORS.capacity} />
        <Bar isAnimationActive={false} dataKey="ocupados" name="Ocupados" fill={CHART_COLORS.occupied} />
      </BarChart>
    </ChartPanel>
  );
}
