import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { startAnalyticsDrain } from './drain';
import { idParam } from '@ips/shared/schemas/common';
import {
  ANALYTICS_MANAGE_ROLES,
  ANALYTICS_READ_ROLES,
  OPORTUNIDAD_MESSAGES,
  oportunidadExportQuery,
  oportunidadQuery,
  oportunidadResponse,
  setFirstVisitBody,
  setSpecialtyIndicatorBody,
  specialtyIndicatorsResponse,
  analyticsQuery,
  locationsQuery,
  locationsResponse,
  overviewResponse,
  performanceResponse,
  specialtiesResponse,
} from '@ips/shared/schemas/analytics';
import {
  oportunidadAppointmentsQuery,
  oportunidadAppointmentsResponse,
} from '@ips/shared/schemas/analytics-oportunidad-list';
import { z } from 'zod';
import { actorOf } from '../../lib/context';
import { localDate } from '@ips/shared/format';
import { attachment } from '../../lib/csv-stream';
import {
  listSpecialtyIndicators,
  oportunidad,
  oportunidadDetailRows,
  oportunidadIndicatorsTable,
  setFirstVisit,
  setSpecialtyIndicator,
} from './oportunidad';
import { oportunidadAppointments } from './oportunidad-list';
import { streamXlsx, tableCsv, tableXlsx } from './table-export';
import { locations, overview, performance, specialties } from './service';

/**
 * Análisis (spec part 2 §2 "Analytics", §3, §7; decision 032). Administrator and supervisor read; each call is
 * an aggregate over the appointments, behind the report rate limit (decision 014).
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stopDrain = startAnalyticsDrain(app.deps, app.log);
  app.addHook('onClose', async () => stopDrain());
  const tags = ['analytics'];
  const config = { policy: ANALYTICS_READ_ROLES, rateLimit: 'report' as const };

  app.get(
    '/analytics/overview',
    {
      config,
      schema: {
        tags,
        summary:
          'Totales, consultas por día, por día de la semana y por hora (range 7d|30d|90d|365d, zone_id)',
        querystring: analyticsQuery,
        response: { 200: overviewResponse },
      },
    },
    async (request) => overview(app.deps, request.query),
  );

  app.get(
    '/analytics/locations',
    {
      config,
      schema: {
        tags,
        summary:
          'Consultas por zona, 10 municipios principales y tendencia mensual por zona (months, 4 por defecto)',
        querystring: locationsQuery,
        response: { 200: locationsResponse },
      },
    },
    async (request) => locations(app.deps, request.query),
  );

  app.get(
    '/analytics/specialties',
    {
      config,
      schema: {
        tags,
        summary: 'Consultas por especialidad',
        querystring: analyticsQuery,
        response: { 200: specialtiesResponse },
      },
    },
    async (request) => specialties(app.deps, request.query),
  );

  app.get(
    '/analytics/performance',
    {
      config,
      schema: {
        tags,
        summary:
          'Rendimiento medido: inasistencia, cancelación y su anticipación, ocupación de agendas, días hasta la cita, call center',
        querystring: analyticsQuery,
        response: { 200: performanceResponse },
      },
    },
    async (request) => performance(app.deps, request.query),
  );

  app.get(
    '/analytics/oportunidad',
    {
      config,
      schema: {
        tags,
        summary:
          'Oportunidad (Res. 256): P.3.1–P.3.7 por mes (month) o semestre (semester) del año, sede (location_id) y EPS (eps_id), con la tendencia de 12 meses',
        querystring: oportunidadQuery,
        response: { 200: oportunidadResponse },
      },
    },
    async (request) => oportunidad(app.deps, request.query),
  );

  app.get(
    '/analytics/oportunidad/appointments',
    {
      config,
      schema: {
        tags,
        summary:
          'Citas del informe de oportunidad (mismos filtros; indicator opcional), paginadas: paciente, especialidad, fechas de solicitud, deseada y asignada, días y si es primera vez o control',
        querystring: oportunidadAppointmentsQuery,
        response: { 200: oportunidadAppointmentsResponse },
      },
    },
    async (request) => oportunidadAppointments(app.deps, request.query),
  );

  app.get(
    '/analytics/oportunidad/export',
    {
      config: { policy: ANALYTICS_READ_ROLES, queryToken: true, rateLimit: 'export' },
      schema: {
        tags,
        summary:
          'Oportunidad en Excel (format=xlsx, por defecto) o CSV: kind=indicators (los indicadores) o detail (cada cita: documento, nacimiento, sexo, nombres, EAPB y las tres fechas)',
        querystring: oportunidadExportQuery,
      },
    },
    async (request, reply) => {
      const q = request.query;
      // The detail file streams (any number of rows); the indicators are one row each.
      const table =
        q.kind === 'detail'
          ? await oportunidadDetailRows(app.deps, q)
          : await oportunidadIndicatorsTable(app.deps, q);
      const period = q.month
        ? `${q.year}-${String(q.month).padStart(2, '0')}`
        : q.semester
          ? `${q.year}-S${q.semester}`
          : `${q.year}`;
      const name = `oportunidad-${q.kind === 'detail' ? 'detalle' : 'indicadores'}-${period}-${localDate(new Date(), app.deps.config.orgTimezone)}`;
      reply.header('cache-control', 'no-store');
      if (q.format === 'xlsx') {
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
        reply.header('content-disposition', attachment(`${name}.xlsx`));
        return reply.send(
          'widths' in table ? streamXlsx(table, 'Detalle') : await tableXlsx(table, 'Indicadores'),
        );
      }
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', attachment(`${name}.csv`));
      return reply.send(tableCsv(table));
    },
  );

  app.get(
    '/analytics/oportunidad/indicators',
    {
      config: { policy: ANALYTICS_READ_ROLES, rateLimit: 'directory' },
      schema: {
        tags,
        summary: 'Especialidades y el indicador P.3.x que responden',
        response: { 200: specialtyIndicatorsResponse },
      },
    },
    async () => ({ data: await listSpecialtyIndicators(app.deps.db) }),
  );

  app.put(
    '/analytics/oportunidad/indicators',
    {
      config: { policy: ANALYTICS_MANAGE_ROLES },
      schema: {
        tags,
        summary: 'Asigna una especialidad a un indicador P.3.1–P.3.7 (null: a ninguno); auditado',
        body: setSpecialtyIndicatorBody,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), data: setSpecialtyIndicatorBody }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: OPORTUNIDAD_MESSAGES.saved,
      data: await setSpecialtyIndicator(
        app.deps,
        actorOf(request),
        request.body.specialty_id,
        request.body.indicator,
      ),
    }),
  );

  app.patch(
    '/analytics/appointments/:id/first-visit',
    {
      config: { policy: ANALYTICS_MANAGE_ROLES },
      schema: {
        tags,
        summary: 'Corrige si una cita es primera vez (true) o control (false); auditado',
        params: idParam,
        body: setFirstVisitBody,
        response: {
          200: z.object({
            success: z.literal(true),
            message: z.string(),
            data: z.object({ id: z.number(), first_visit: z.boolean() }),
          }),
        },
      },
    },
    async (request) => ({
      success: true as const,
      message: OPORTUNIDAD_MESSAGES.visitSaved,
      data: await setFirstVisit(app.deps, actorOf(request), request.params.id, request.body.first_visit),
    }),
  );
};

export default analyticsRoutes;
