import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYTICS_READ_ROLES,
  analyticsQuery,
  locationsQuery,
  locationsResponse,
  overviewResponse,
  performanceResponse,
  specialtiesResponse,
} from '@ips/shared/schemas/analytics';
import { locations, overview, performance, specialties } from './service';

/**
 * Análisis (spec part 2 §2 "Analytics", §3, §7; decision 032). Administrator and supervisor read; each call is
 * an aggregate over the appointments, behind the report rate limit (decision 014).
 */
const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
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
};

export default analyticsRoutes;
