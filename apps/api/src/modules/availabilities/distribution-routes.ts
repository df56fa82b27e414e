import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  assignedBody,
  calendarDto,
  calendarQuery,
  distributionEntryDto,
  distributionRangeQuery,
  distributionsQuery,
  distributionStatsDto,
  dropdownOptionDto,
} from '@ips/shared/schemas/availabilities-distribution';
import { actorOf } from '../../lib/context';
import { distributionCalendar, distributionDropdown } from './calendar';
import {
  agendaDistribution,
  distributionStats,
  listDistributions,
  regenerateDistribution,
  setAssigned,
} from './distribution';
import { MANAGE, READ } from './policies';

/** Quota distribution of agendas over days and the distribution calendar (part 1 §2, part 2 "Slot quota"). */
export function registerDistributionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['availabilities'];
  const list = ok(z.array(distributionEntryDto)).extend({ total: z.number() });
  const listed = <T>(data: T[]) => ({ success: true as const, data, total: data.length });

  app.get(
    '/availabilities/:id/distribution',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Distribución de cupos de una agenda por día',
        params: idParam,
        response: { 200: list },
      },
    },
    async (request) => listed(await agendaDistribution(app.deps, request.params.id)),
  );

  app.get(
    '/availabilities/distributions',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary:
          'Distribuciones (availability_id, doctor_id, specialty_id, location_id, start_date, end_date, only_available)',
        querystring: distributionsQuery,
        response: { 200: list },
      },
    },
    async (request) => listed(await listDistributions(app.deps, request.query)),
  );

  app.get(
    '/availabilities/distributions/range',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Distribuciones entre start_date y end_date (obligatorias)',
        querystring: distributionRangeQuery,
        response: { 200: list },
      },
    },
    async (request) => listed(await listDistributions(app.deps, request.query)),
  );

  app.get(
    '/availabilities/distributions/stats',
    {
      config: { policy: READ, rateLimit: 'report' },
      schema: {
        tags,
        summary: 'Totales de cuota y asignados, y franjas de utilización (≥90%, ≥80%, ≥60%, menos)',
        querystring: distributionsQuery,
        response: { 200: ok(distributionStatsDto) },
      },
    },
    async (request) => ({ success: true as const, data: await distributionStats(app.deps, request.query) }),
  );

  app.put(
    '/availabilities/distributions/:id/assigned',
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Cupos asignados de un día: entero de 0 a la cuota',
        params: idParam,
        body: assignedBody,
        response: { 200: ok(distributionEntryDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setAssigned(app.deps, actorOf(request), request.params.id, request.body.assigned),
      message: 'Cupos asignados actualizados',
    }),
  );

  app.post(
    '/availabilities/:id/regenerate-distribution',
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Volver a repartir la capacidad (los cupos ya asignados se conservan)',
        params: idParam,
        response: { 200: list },
      },
    },
    async (request) => ({
      ...listed(await regenerateDistribution(app.deps, actorOf(request), request.params.id)),
      message: 'Distribución regenerada',
    }),
  );

  app.get(
    '/availabilities/distribution-calendar',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary:
          'Días con cupos (doctor_id, specialty_id, location_id, start_date, end_date; por defecto hoy y los 30 días siguientes)',
        querystring: calendarQuery,
        response: { 200: ok(calendarDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await distributionCalendar(app.deps, request.query),
    }),
  );

  app.get(
    '/availabilities/distribution-dropdown',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Los mismos cupos como lista para un selector (solo los que tienen cupo)',
        querystring: calendarQuery,
        response: { 200: ok(z.array(dropdownOptionDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => listed(await distributionDropdown(app.deps, request.query)),
  );
}
