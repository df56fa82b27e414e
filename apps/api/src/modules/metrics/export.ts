import { ANALYTICS_DEFINITIONS, RANGE_LABELS, type MetricsQuery } from '@ips/shared/schemas/analytics';
import type { AppDeps } from '../../lib/context';
import type { Table } from '../analytics';
import { appointmentsMetrics, dashboard, doctorsMetrics, patientsMetrics, systemMetrics } from './dashboard';

/*
 * GET /metrics/export/{kind}?period&format=csv|xlsx (decision 032): the same figures as the JSON routes, as a
 * table built by the server (CSV through lib/csv-stream.ts; Excel through ExcelJS). Ratios are fractions (0.25),
 * a missing ratio an empty cell.
 */

export type MetricsKind = 'dashboard' | 'patients' | 'appointments' | 'doctors' | 'system';

const D = ANALYTICS_DEFINITIONS;
/** Doctors in one export, at most (300 at the largest clinic in view). */
const DOCTORS_MAX = 5000;

export async function metricsTable(deps: AppDeps, kind: MetricsKind, q: MetricsQuery): Promise<Table> {
  const header = ['Indicador', 'Valor', 'Definición'];
  const period = ['Periodo', RANGE_LABELS[q.period], ''];
  switch (kind) {
    case 'dashboard': {
      const d = await dashboard(deps, q);
      const a = d.performance.appointments;
      const c = d.performance.calls;
      return {
        header,
        rows: [
          period,
          ['Desde', d.from, ''],
          ['Hasta', d.to, ''],
          ['Total Consultas', d.totals.total_consultations, D.total_consultations],
          ['Pacientes Únicos', d.totals.unique_patients, D.unique_patients],
          ['Tiempo Promedio (min)', d.totals.avg_duration_minutes, D.avg_duration_minutes],
          ['Tasa de Finalización', d.totals.completion_rate, D.completion_rate],
          ['Inasistencia', a.no_show_rate, D.no_show_rate],
          ['Cancelación', a.cancellation_rate, D.cancellation_rate],
          ['Anticipación de cancelación (h)', a.cancellation_lead_hours, D.cancellation_lead_hours],
          ['Ocupación de agendas', d.performance.agendas.occupancy, D.occupancy],
          ['Días hasta la cita', a.avg_days_to_appointment, D.avg_days_to_appointment],
          ['Nivel de servicio', c?.service_level ?? null, D.service_level],
          ['Velocidad de respuesta (s)', c?.average_speed_of_answer ?? null, D.average_speed_of_answer],
          ['Abandono', c?.abandonment_rate ?? null, D.abandonment_rate],
        ],
      };
    }
    case 'patients': {
      const p = await patientsMetrics(deps, q);
      return {
        header,
        rows: [
          period,
          ['Pacientes registrados', p.total, 'Todos los pacientes'],
          ['Pacientes activos', p.active, 'Pacientes en estado Activo'],
          ['Pacientes nuevos', p.new_in_period, 'Registrados en el periodo'],
          ['Pacientes atendidos', p.attended_in_period, D.unique_patients],
        ],
      };
    }
    case 'appointments': {
      const a = await appointmentsMetrics(deps, q);
      return {
        header: ['Grupo', 'Nombre', 'Citas'],
        rows: [
          ['Total', 'Citas con fecha en el periodo', a.total],
          ...a.by_status.map((s) => ['Estado', s.status, s.count]),
          ...a.by_specialty.map((s) => ['Especialidad (consultas)', s.name, s.consultations]),
        ],
      };
    }
    case 'doctors': {
      const d = await doctorsMetrics(deps, { ...q, limit: DOCTORS_MAX, offset: 0 });
      return {
        header: ['Doctor', 'Citas', 'Completadas', 'Canceladas', 'Tasa de Finalización'],
        rows: d.data.map((r) => [r.doctor_name, r.appointments, r.completed, r.cancelled, r.completion_rate]),
      };
    }
    case 'system': {
      const s = await systemMetrics(deps, q);
      return {
        header,
        rows: [
          period,
          ['Usuarios', s.users_total, ''],
          ['Usuarios activos', s.users_active, ''],
          ['Sesiones abiertas', s.sessions_active, 'No cerradas y sin vencer'],
          ['Eventos de auditoría', s.audit_events, 'Filas de auditoría escritas en el periodo'],
          ['Tiempo en línea (s)', s.uptime_seconds, 'Desde el arranque de este proceso'],
        ],
      };
    }
  }
}
