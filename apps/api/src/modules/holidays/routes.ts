import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { ok, successOnly } from '@ips/shared/schemas/common';
import {
  createHolidayBody,
  holidayDto,
  holidayParams,
  listHolidaysQuery,
  updateHolidayBody,
} from '@ips/shared/schemas/holidays';
import { actorOf } from '../../lib/context';
import { createHoliday, deleteHoliday, listHolidays, renameHoliday } from './service';

/** Colombian public holidays: everyone reads them (calendars grey them out); administrators and supervisors edit. */
const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['holidays'];
  const write = { policy: MANAGER_ROLES };

  app.get(
    '/holidays',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Festivos (filtros: year, o start_date y end_date)',
        querystring: listHolidaysQuery,
        response: { 200: ok(z.array(holidayDto)).extend({ total: z.number() }) },
      },
    },
    async (request) => {
      const data = await listHolidays(app.deps, request.query);
      return { success: true as const, data, total: data.length };
    },
  );

  app.post(
    '/holidays',
    {
      config: write,
      schema: {
        tags,
        summary: 'Agregar festivo',
        body: createHolidayBody,
        response: { 201: ok(holidayDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createHoliday(app.deps, actorOf(request), request.body),
        message: 'Festivo agregado',
      };
    },
  );

  app.put(
    '/holidays/:date',
    {
      config: write,
      schema: {
        tags,
        summary: 'Cambiar el nombre de un festivo',
        params: holidayParams,
        body: updateHolidayBody,
        response: { 200: ok(holidayDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await renameHoliday(app.deps, actorOf(request), request.params.date, request.body.name),
      message: 'Festivo actualizado',
    }),
  );

  app.delete(
    '/holidays/:date',
    {
      config: write,
      schema: { tags, summary: 'Eliminar festivo', params: holidayParams, response: { 200: successOnly } },
    },
    async (request) => {
      await deleteHoliday(app.deps, actorOf(request), request.params.date);
      return { success: true as const, message: 'Festivo eliminado' };
    },
  );
};

export default holidayRoutes;
