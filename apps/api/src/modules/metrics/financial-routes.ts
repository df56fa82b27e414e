import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { financialMetricsQuery, financialMetricsResponse } from '@ips/shared/schemas/metrics-financial';
import { financialMetrics } from './financial';

/** GET /metrics/financial: administrators and supervisors (docs/role-matrix.md, 'Métricas financieras'). */
const financialMetricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/metrics/financial',
    {
      config: { policy: MANAGER_ROLES, rateLimit: 'report' },
      schema: {
        tags: ['metrics'],
        summary:
          'Métricas financieras del periodo (7d, 30d por defecto, 90d, 365d): ingresos por estado, cantidad, ticket promedio, servicios principales y por día',
        querystring: financialMetricsQuery,
        response: { 200: financialMetricsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await financialMetrics(app.deps, request.query.period),
    }),
  );
};

export default financialMetricsRoutes;
