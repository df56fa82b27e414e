import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '@ips/shared/schemas/common';
import { activeAvailabilitiesQuery } from '@ips/shared/schemas/availabilities';
import {
  autoCancelBody,
  autoCancelLogDto,
  autoCancelResultDto,
  availabilityDto,
  dailyExportDoctorDto,
  dailyExportQuery,
  expiredQuery,
  filterOptionsDto,
  smartOptionsDto,
  smartOptionsQuery,
} from '@ips/shared/schemas/availabilities-response';
import { actorOf } from '../../lib/context';
import { autoCancel, autoCancelLog, autoCancelSettings, expiredAgendas } from './auto-cancel';
import { dailyExport } from './daily-export';
import { filterOptions, smartOptions } from './options';
import { readScopeOf } from '../../lib/read-scope';
import { BULK, READ } from './policies';
import { activeAvailabilities } from './service';

/** Form options, the active list, the daily export data and the cancellation of expired agendas. */
export function registerReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['availabilities'];
  const agendaList = ok(z.array(availabilityDto)).extend({ total: z.number() });

  app.get(
    '/availabilities/smart-options',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Opciones encadenadas del formulario de agenda (date, specialty_id, location_id, doctor_id)',
        querystring: smartOptionsQuery,
        response: { 200: ok(smartOptionsDto) },
      },
    },
    async (request) => ({ success: true as const, data: await smartOptions(app.deps, request.query) }),
  );

  app.get(
    '/availabilities/filters/options',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Opciones de los filtros de agendas',
        response: { 200: ok(filterOptionsDto) },
      },
    },
    async () => ({ success: true as const, data: await filterOptions(app.deps) }),
  );

  app.get(
    '/availabilities/active',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Agendas activas desde hoy (specialty_id, doctor_id, location_id, with_slots)',
        querystring: activeAvailabilitiesQuery,
        response: { 200: agendaList },
      },
    },
    async (request) => {
      const data = await activeAvailabilities(app.deps, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/availabilities/daily-export',
    {
      config: { policy: READ, rateLimit: 'export' },
      schema: {
        tags,
        summary: 'Datos de la agenda diaria por doctor para PDF y Excel (date; por defecto hoy)',
        querystring: dailyExportQuery,
        response: { 200: ok(z.array(dailyExportDoctorDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await dailyExport(app.deps, request.query.date, await readScopeOf(app.deps, request.user));
      return { success: true as const, data, total: data.length };
    },
  );

  app.get(
    '/availabilities/expired',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Agendas vencidas: de días pasados y ni Cancelada ni Completa (date: solo ese día)',
        querystring: expiredQuery,
        response: {
          200: agendaList.extend({
            settings: z.object({
              auto_cancel_without_confirmation: z.boolean(),
              auto_cancel_also_appointments_default: z.boolean(),
            }),
          }),
        },
      },
    },
    async (request) => {
      const [data, s] = await Promise.all([
        expiredAgendas(app.deps, request.query.date),
        autoCancelSettings(app.deps),
      ]);
      return {
        success: true as const,
        data,
        total: data.length,
        settings: {
          auto_cancel_without_confirmation: s.withoutConfirmation,
          auto_cancel_also_appointments_default: s.alsoAppointmentsDefault,
        },
      };
    },
  );

  app.post(
    '/availabilities/auto-cancel',
    {
      config: { policy: BULK },
      schema: {
        tags,
        summary:
          "Cancelar agendas vencidas (availability_ids, o todas); also_appointments cancela sus citas con 'Disponibilidad vencida'",
        body: autoCancelBody,
        response: { 200: ok(autoCancelResultDto) },
      },
    },
    async (request) => {
      const data = await autoCancel(app.deps, actorOf(request), request.body);
      return {
        success: true as const,
        data,
        message: `Auto-cancelación completada: ${data.cancelled} agenda(s) canceladas`,
      };
    },
  );

  app.get(
    '/availabilities/auto-cancel/log',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Las últimas 20 cancelaciones automáticas',
        response: { 200: ok(z.array(autoCancelLogDto)).extend({ total: z.number() }) },
      },
    },
    async () => {
      const data = await autoCancelLog(app.deps);
      return { success: true as const, data, total: data.length };
    },
  );
}
