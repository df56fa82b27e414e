import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  AGENDA_LIST_MAX,
  createAvailabilityBody,
  listAvailabilitiesQuery,
  updateAvailabilityBody,
} from '@ips/shared/schemas/availabilities';
import { availabilityDetailDto, availabilityDto } from '@ips/shared/schemas/availabilities-response';
import { actorOf } from '../../lib/context';
import { registerConstraintMessage } from '../../plugins/errors';
import { registerActionRoutes } from './action-routes';
import { startAutoCancelTimer } from './auto-cancel';
import { registerDistributionRoutes } from './distribution-routes';
import { updateAvailability } from './edit';
import { readScopeOf } from '../../lib/read-scope';
import { MANAGE, READ } from './policies';
import { registerReportRoutes } from './report-routes';
import { OVERLAP_MESSAGE } from './rules';
import { createAvailability, deleteAvailability, getAvailability, listAvailabilities } from './service';

/** The agenda paths of spec part 1 §7 "Availabilities". */
const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['availabilities'];
  registerConstraintMessage('availabilities_doctor_overlap', 'CONFLICT', OVERLAP_MESSAGE);
  registerConstraintMessage(
    'availabilities_doctor_fk',
    'CONFLICT',
    'El doctor tiene agendas registradas; desactívelo en lugar de eliminarlo',
  );
  registerConstraintMessage(
    'availabilities_specialty_fk',
    'CONFLICT',
    'La especialidad tiene agendas registradas y no se puede eliminar',
  );
  registerConstraintMessage(
    'availabilities_location_fk',
    'CONFLICT',
    'La ubicación tiene agendas registradas y no se puede eliminar',
  );
  registerConstraintMessage(
    'availabilities_capacity_check',
    'VALIDATION',
    'La capacidad no puede ser menor que los cupos ocupados',
  );

  // Registered on the app's own hooks so the timer stops with the server (and with every test app).
  const stopTimer = startAutoCancelTimer(app.deps, app.log);
  app.addHook('onClose', async () => stopTimer());

  registerReportRoutes(app);
  registerDistributionRoutes(app);
  registerActionRoutes(app);

  app.get(
    '/availabilities',
    {
      config: { policy: READ, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Agendas (date, start_date, end_date, specialty_id, doctor_id, location_id, status; upcoming=true: ' +
          'solo las que aún admiten una cita; bookable=true: solo las Activas con cupo y un horario libre de su ' +
          'duración desde ahora); page y limit ' +
          `(máximo ${AGENDA_LIST_MAX} por página), total cuenta todas`,
        querystring: listAvailabilitiesQuery,
        response: {
          200: ok(z.array(availabilityDto)).extend({
            total: z.number(),
            page: z.number(),
            limit: z.number(),
          }),
        },
      },
    },
    async (request) => ({ success: true as const, ...(await listAvailabilities(app.deps, request.query)) }),
  );

  app.get(
    '/availabilities/:id',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Una agenda con sus citas',
        params: idParam,
        response: { 200: ok(availabilityDetailDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getAvailability(app.deps, request.params.id, await readScopeOf(app.deps, request.user)),
    }),
  );

  app.post(
    '/availabilities',
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Crear agenda (con distribución automática de cupos si auto_distribute)',
        body: createAvailabilityBody,
        response: { 201: ok(availabilityDetailDto) },
      },
    },
    async (request, reply) => {
      const data = await createAvailability(app.deps, actorOf(request), request.body);
      reply.status(201);
      return { success: true as const, data, message: 'Agenda creada exitosamente' };
    },
  );

  app.put(
    '/availabilities/:id',
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary:
          'Editar agenda (todos los campos del formulario), transferir (solo date y status) o cambiar el estado',
        params: idParam,
        body: updateAvailabilityBody,
        response: { 200: ok(availabilityDetailDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateAvailability(app.deps, actorOf(request), request.params.id, request.body),
      message: 'Agenda actualizada exitosamente',
    }),
  );

  app.delete(
    '/availabilities/:id',
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Eliminar agenda (solo sin citas no canceladas)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteAvailability(app.deps, actorOf(request), request.params.id);
      return { success: true as const, message: 'Agenda eliminada' };
    },
  );
};

export default availabilityRoutes;
