import { ANALYTICS_DEFINITIONS as D, type PerformanceResponse } from '@ips/shared/schemas/analytics';
import { countOf, plural } from '@ips/shared/format';
import { fmtNumber, fmtPercent } from '@/features/analytics/components/format';

interface Measure {
  key: string;
  label: string;
  value: string;
  detail: string;
  definition: string;
}

/** Rendimiento: only measured values, each with its definition and what it was measured on. */
export function PerformancePanel({ data }: { data: PerformanceResponse }) {
  const a = data.appointments;
  const measures: Measure[] = [
    {
      key: 'no-show',
      label: 'Inasistencia',
      value: fmtPercent(a.no_show_rate),
      detail: `${fmtNumber(a.no_shows)} de ${countOf(a.past, 'cita ya pasada', 'citas ya pasadas')}`,
      definition: D.no_show_rate,
    },
    {
      key: 'cancel',
      label: 'Cancelación',
      value: fmtPercent(a.cancellation_rate),
      detail: `${fmtNumber(a.cancelled)} de ${countOf(a.scheduled, 'cita')}`,
      definition: D.cancellation_rate,
    },
    {
      key: 'lead',
      label: 'Anticipación de las cancelaciones',
      value: a.cancellation_lead_hours === null ? '—' : `${fmtNumber(a.cancellation_lead_hours)} h`,
      detail: 'Promedio sobre las cancelaciones con hora registrada',
      definition: D.cancellation_lead_hours,
    },
    {
      key: 'occupancy',
      label: 'Ocupación de agendas',
      value: fmtPercent(data.agendas.occupancy),
      detail: `${fmtNumber(data.agendas.booked)} de ${countOf(data.agendas.capacity, 'cupo')}`,
      definition: D.occupancy,
    },
    {
      key: 'days',
      label: 'Días hasta la cita',
      value:
        a.avg_days_to_appointment === null
          ? '—'
          : `${fmtNumber(a.avg_days_to_appointment)} ${plural(a.avg_days_to_appointment, 'día')}`,
      detail: 'Desde la solicitud hasta la fecha asignada',
      definition: D.avg_days_to_appointment,
    },
  ];
  const c = data.calls;
  if (c)
    measures.push(
      {
        key: 'service-level',
        label: `Nivel de servicio (${c.threshold_seconds} s)`,
        value: fmtPercent(c.service_level),
        detail: countOf(c.offered, 'llamada recibida', 'llamadas recibidas'),
        definition: D.service_level,
      },
      {
        key: 'asa',
        label: 'Velocidad de respuesta',
        value: c.average_speed_of_answer === null ? '—' : `${fmtNumber(c.average_speed_of_answer)} s`,
        detail: 'Espera promedio de las llamadas atendidas',
        definition: D.average_speed_of_answer,
      },
      {
        key: 'abandon',
        label: 'Abandono',
        value: fmtPercent(c.abandonment_rate),
        detail: 'Llamadas colgadas antes de ser atendidas',
        definition: D.abandonment_rate,
      },
    );
  return (
    <div className="space-y-3">
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {measures.map((m) => (
          <div
            key={m.key}
            className="rounded-xl border bg-card p-4 shadow-sm"
            data-testid={`measure-${m.key}`}
          >
            <dt className="text-sm font-medium text-muted-foreground">{m.label}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{m.value}</dd>
            <dd className="text-xs text-muted-foreground">{m.detail}</dd>
            <dd className="mt-2 border-t pt-2 text-xs">{m.definition}</dd>
          </div>
        ))}
      </dl>
      {!c && (
        <p className="text-sm text-muted-foreground">
          Sin llamadas en el rango: las medidas del call center aparecen cuando hay llamadas registradas.
        </p>
      )}
    </div>
  );
}
