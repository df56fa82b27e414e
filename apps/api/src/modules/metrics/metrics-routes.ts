import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { localDate } from '@ips/shared/format';
import {
  ANALYTICS_READ_ROLES,
  metricsAppointmentsResponse,
  metricsDashboardResponse,
  metricsDoctorsQuery,
  metricsDoctorsResponse,
  metricsExportParams,
  metricsExportQuery,
  metricsPatientsResponse,
  metricsQuery,
  metricsSystemResponse,
} from '@ips/shared/schemas/analytics';
import { attachment } from '../../lib/csv-stream';
import { appointmentsMetrics, dashboard, doctorsMetrics, patientsMetrics, systemMetrics } from './dashboard';
import { tableCsv, tableXlsx } from '../analytics';
import { metricsTable } from './export';

/**
 * Metrics (spec part 2 §7 "Metrics"; decision 032): administrator and supervisor, behind the report rate limit;
 * the exports behind the export limit, with the token in the query for a plain download link.
 */
const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['metrics'];
  const config = { policy: ANALYTICS_READ_ROLES, rateLimit: 'report' as const };
  const querystring = metricsQuery;

  app.get(
    '/metrics/dashboard',
    {
      config,
      schema: {
        tags,
        summary: 'Resumen de Análisis del periodo (30d por defecto)',
        querystring,
        response: { 200: metricsDashboardResponse },
      },
    },
    async (request) => dashboard(app.deps, request.query),
  );
  app.get(
    '/metrics/patients',
    {
      config,
      schema: {
        tags,
        summary: 'Pacientes: registrados, activos, nuevos y atendidos',
        querystring,
        response: { 200: metricsPatientsResponse },
      },
    },
    async (request) => patientsMetrics(app.deps, request.query),
  );
  app.get(
    '/metrics/appointments',
    {
      config,
      schema: {
        tags,
        summary: 'Citas del periodo por estado y por especialidad',
        querystring,
        response: { 200: metricsAppointmentsResponse },
      },
    },
    async (request) => appointmentsMetrics(app.deps, request.query),
  );
  app.get(
    '/metrics/doctors',
    {
      config,
      schema: {
        tags,
        summary: 'Citas por doctor (limit 50, offset)',
        querystring: metricsDoctorsQuery,
        response: { 200: metricsDoctorsResponse },
      },
    },
    async (request) => doctorsMetrics(app.deps, request.query),
  );
  app.get(
    '/metrics/system',
    {
      config,
      schema: {
        tags,
        summary: 'Usuarios, sesiones, auditoría y tiempo en línea',
        querystring,
        response: { 200: metricsSystemResponse },
      },
    },
    async (request) => systemMetrics(app.deps, request.query),
  );

  app.get(
    '/metrics/export/:kind',
    {
      config: { policy: ANALYTICS_READ_ROLES, queryToken: true, rateLimit: 'export' },
      schema: {
        tags,
        summary: 'Exporta una métrica en CSV o Excel (format=csv|xlsx; token en la query para descargar)',
        params: metricsExportParams,
        querystring: metricsExportQuery,
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      const table = await metricsTable(app.deps, kind, request.query);
      const name = `metricas-${kind}-${request.query.period}-${localDate(new Date(), app.deps.config.orgTimezone)}`;
      reply.header('cache-control', 'no-store');
      if (request.query.format === 'xlsx') {
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        reply.header('content-disposition', attachment(`${name}.xlsx`));
        return reply.send(await tableXlsx(table, kind));
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', attachment(`${name}.csv`));
      return reply.send(tableCsv(table));
    },
  );
};

export default metricsRoutes;
