import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@ips/shared/schemas/common';
import {
  QUEUE_MESSAGES as M,
  assignQueueEntryBody,
  createQueueEntryBody,
  groupedQueueQuery,
  groupedQueueResponse,
  listQueueQuery,
  listQueueResponse,
  nextQueueEntryBody,
  nextQueueEntryResponse,
  outboundCallsBody,
  outboundCallsResponse,
  queueItemResponse,
  queueOverviewResponse,
  removeQueueEntryQuery,
  scheduleQueueEntryBody,
  scheduleQueueEntryResponse,
} from '@ips/shared/schemas/queue';
import { actorOf, type AuthUser } from '../../lib/context';
import { openEventStream } from '../../lib/sse';
import { registerConstraintMessage } from '../../plugins/errors';
import { APPOINTMENTS_CHANNEL } from '../appointments';
import { CALL_LOGS_CHANNEL } from '../call-logs';
import { QUEUE_CHANNEL } from './events';
import { requestOutboundCalls } from './outbound-calls';
import { groupedQueue, listQueue, queueOverview } from './queries';
import { QUEUE_ROLES } from './roles';
import { assignEntry, claimNext, createEntry, removeEntry, scheduleEntry, type QueueUser } from './service';

const AGENDAS_CHANNEL = 'agendas';

export function queueUser(request: { user: AuthUser | null; id: string }): QueueUser {
  return { ...actorOf(request), userId: request.user!.id, role: request.user!.role };
}

/** The waiting queue (spec part 1 §7 "Queue and transfers"). Everyone signed in reads; QUEUE_ROLES work it. */
const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['queue'];
  registerConstraintMessage('queue_entries_patient_active_key', 'CONFLICT', M.alreadyQueued);
  registerConstraintMessage('queue_entries_specialty_fk', 'NOT_FOUND', 'Especialidad no encontrada');
  registerConstraintMessage('queue_entries_cups_fk', 'NOT_FOUND', 'CUPS no encontrado');
  registerConstraintMessage('queue_entries_location_fk', 'NOT_FOUND', 'Ubicación no encontrada');
  registerConstraintMessage('queue_entries_doctor_fk', 'NOT_FOUND', 'Doctor no encontrado');

  app.get(
    '/queue/overview',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary:
          'Resumen de la cola de espera (total_waiting para la insignia del menú, por prioridad y especialidad)',
        response: { 200: queueOverviewResponse },
      },
    },
    async () => ({ success: true as const, data: await queueOverview(app.deps) }),
  );

  app.get(
    '/queue',
    {
      config: { policy: QUEUE_ROLES, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Entradas de la cola (status: active por defecto = waiting y assigned; specialty_id, priority_level, call_type, q, mine), en orden de atención',
        querystring: listQueueQuery,
        response: { 200: listQueueResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listQueue(app.deps, request.user!.id, request.query)),
    }),
  );

  app.get(
    '/queue/grouped',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary: 'Entradas activas agrupadas por especialidad, cada grupo en orden de atención',
        querystring: groupedQueueQuery,
        response: { 200: groupedQueueResponse },
      },
    },
    async (request) => ({ success: true as const, data: await groupedQueue(app.deps, request.query) }),
  );

  app.post(
    '/queue',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary: 'Agregar un paciente a la cola de espera de una especialidad (una vez por especialidad)',
        body: createQueueEntryBody,
        response: { 201: queueItemResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createEntry(app.deps, actorOf(request), request.body),
        message: M.queued,
      };
    },
  );

  app.post(
    '/queue/next',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary:
          'Tomar la siguiente entrada en espera (de specialty_id, o de cualquiera); dos agentes nunca reciben la misma. data null si no hay nadie.',
        body: nextQueueEntryBody,
        response: { 200: nextQueueEntryResponse },
      },
    },
    async (request) => {
      const data = await claimNext(app.deps, queueUser(request), request.body.specialty_id);
      return { success: true as const, data, message: data ? M.assigned : M.nobodyWaiting };
    },
  );

  app.post(
    '/queue/outbound-calls',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary:
          'Solicitar llamadas automáticas salientes (queue_ids o specialty_id): cada una queda pendiente en el registro de llamadas con el texto generado; dry_run solo devuelve los textos',
        body: outboundCallsBody,
        response: { 200: outboundCallsResponse },
      },
    },
    async (request) => {
      const data = await requestOutboundCalls(app.deps, actorOf(request), request.body);
      return { success: true as const, data, message: data.dry_run ? undefined : M.callsQueued };
    },
  );

  app.post(
    '/queue/:id/assign',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary: 'Tomar una entrada (un supervisor puede asignarla a otro agente con user_id)',
        params: idParam,
        body: assignQueueEntryBody,
        response: { 200: queueItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await assignEntry(app.deps, queueUser(request), request.params.id, request.body),
      message: M.assigned,
    }),
  );

  app.post(
    '/queue/:id/schedule',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary:
          "Sacar de la cola con un resultado (por defecto 'Cita agendada') y registrar la llamada; con availability_id agenda la cita en la misma transacción; request_call deja una llamada automática pendiente",
        params: idParam,
        body: scheduleQueueEntryBody,
        response: { 200: scheduleQueueEntryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await scheduleEntry(app.deps, queueUser(request), request.params.id, request.body),
      message: M.scheduled,
    }),
  );

  app.delete(
    '/queue/:id',
    {
      config: { policy: QUEUE_ROLES },
      schema: {
        tags,
        summary: 'Retirar a un paciente de la cola (reason opcional)',
        params: idParam,
        querystring: removeQueueEntryQuery,
        response: { 200: queueItemResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await removeEntry(app.deps, queueUser(request), request.params.id, request.query.reason),
      message: M.removed,
    }),
  );

  app.get(
    '/queue/stream',
    {
      config: { policy: 'authenticated', queryToken: true },
      schema: {
        tags,
        summary:
          'Eventos en vivo de la cola (enqueue, assign, scheduled, cancelled, updated, slot_offered) y de citas y agendas (Cola Diaria); token en ?token=; Last-Event-ID reanuda sin pérdidas',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      await openEventStream(app, request, reply, {
        channels: [QUEUE_CHANNEL, APPOINTMENTS_CHANNEL, AGENDAS_CHANNEL, CALL_LOGS_CHANNEL],
      });
    },
  );
};

export default queueRoutes;
