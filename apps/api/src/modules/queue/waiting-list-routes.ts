import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import { queueItemDto, removeQueueEntryQuery } from '@ips/shared/schemas/queue';
import {
  WAITING_LIST_MESSAGES as M,
  assignFromWaitingListBody,
  assignFromWaitingListResponse,
  availableBySpecialtyParams,
  availableBySpecialtyQuery,
  availableBySpecialtyResponse,
  waitingListCupsBody,
  waitingListQuery,
  waitingListResponse,
} from '@ips/shared/schemas/waiting-list';
import { actorOf } from '../../lib/context';
import { QUEUE_ROLES } from './roles';
import { queueUser } from './routes';
import { removeEntry, updateEntryCups } from './service';
import { assignFromWaitingList, availableBySpecialty, waitingList } from './waiting-list';

/** The waiting list of the appointments screens (spec part 1 §7 "Appointments") and its agenda picker. */
const waitingListRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['waiting-list'];

  app.get(
    '/appointments/waiting-list',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary:
          'Lista de espera agrupada por especialidad con posiciones (queue_position), embarazo de alto riesgo y stats.total_patients_waiting',
        querystring: waitingListQuery,
        response: { 200: waitingListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await waitingList(app.deps, request.query)) }),
  );

  app.post(
    '/appointments/waiting-list/assign',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary:
          'Asignar cita desde la lista de espera: en una transacción crea la cita Confirmada en la agenda elegida y saca al paciente de la cola; agenda llena → 409 y la entrada sigue en espera',
        body: assignFromWaitingListBody,
        response: { 200: assignFromWaitingListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignFromWaitingList(app.deps, actorOf(request), request.body),
      message: M.assigned,
    }),
  );

  app.delete(
    '/appointments/waiting-list/:id',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary: 'Retirar a un paciente de la lista de espera (reason opcional)',
        params: idParam,
        querystring: removeQueueEntryQuery,
        response: { 200: ok(queueItemDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await removeEntry(app.deps, queueUser(request), request.params.id, request.query.reason),
      message: M.removed,
    }),
  );

  app.patch(
    '/appointments/waiting-list/:id/cups',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary: 'Cambiar (o quitar con null) el CUPS de una entrada de la lista de espera',
        params: idParam,
        body: waitingListCupsBody,
        response: { 200: ok(queueItemDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateEntryCups(
        app.deps,
        actorOf(request),
        request.params.id,
        request.body.cups_id ?? null,
      ),
      message: M.cupsUpdated,
    }),
  );

  app.get(
    '/availabilities/available-by-specialty/:specialty_id',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags: ['availabilities', 'waiting-list'],
        summary:
          'Agendas disponibles de una especialidad para el diálogo de asignación desde la lista de espera: Activas, con cupos libres, desde start_date (hoy) hasta end_date (+30 días); filtros location_id y doctor_id',
        params: availableBySpecialtyParams,
        querystring: availableBySpecialtyQuery,
        response: { 200: availableBySpecialtyResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await availableBySpecialty(app.deps, request.params.specialty_id, request.query),
    }),
  );
};

export default waitingListRoutes;
