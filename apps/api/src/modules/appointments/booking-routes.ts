import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FRONT_DESK_ROLES, type Role } from '@ips/shared/catalogs/roles';
import { AppError } from '@ips/shared/errors';
import {
  BOOKING_MESSAGES as M,
  IDEMPOTENCY_HEADER,
  appointmentResponse,
  conflictsQuery,
  conflictsResponse,
  createAppointmentBody,
  dailyQueueQuery,
  dailyQueueResponse,
  idempotencyKey,
  myAppointmentsQuery,
  myAppointmentsResponse,
  updateAppointmentBody,
} from '@ips/shared/schemas/appointment-booking';
import { idParam } from '@ips/shared/schemas/common';
import { actorOf } from '../../lib/context';
import { readScopeOf } from '../../lib/read-scope';
import { restoreAppointment, updateAppointment } from './actions';
import { createAppointment } from './booking';
import { dailyQueue, findConflicts, myAppointments } from './queries';

/**
 * Booking and changing appointments is front-desk and call-center work: admin, supervisor, agent and
 * reception (spec part 2 §6 roles). Doctors read (their own through my-appointments).
 */
export const BOOKING_ROLES: readonly Role[] = FRONT_DESK_ROLES;

const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['appointments'];

  app.post(
    '/appointments',
    {
      config: { policy: BOOKING_ROLES },
      schema: {
        tags,
        summary:
          'Registrar una cita (desde una agenda: Confirmada y toma un cupo; sin agenda: Pendiente). Cabecera opcional Idempotency-Key: la misma clave devuelve la primera cita (200).',
        body: createAppointmentBody,
        response: { 201: appointmentResponse, 200: appointmentResponse },
      },
    },
    async (request, reply) => {
      const raw = request.headers[IDEMPOTENCY_HEADER];
      let key: string | null = null;
      if (raw !== undefined) {
        const parsed = idempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? 'Idempotency-Key inválido';
          throw new AppError('VALIDATION', message, { 'Idempotency-Key': [message] });
        }
        key = parsed.data;
      }
      const { appointment, created } = await createAppointment(app.deps, actorOf(request), request.body, key);
      reply.status(created ? 201 : 200);
      return { success: true as const, data: appointment, message: M.created };
    },
  );

  app.get(
    '/appointments/conflicts',
    {
      // A booking aid that names other patients: for the roles that book, not for doctors (decision 020).
      config: { policy: BOOKING_ROLES },
      schema: {
        tags,
        summary:
          'Conflictos de horario (doctor_id, patient_id, room_id, scheduled_at, duration_minutes, exclude_id)',
        querystring: conflictsQuery,
        response: { 200: conflictsResponse },
      },
    },
    async (request) => {
      const data = await findConflicts(app.deps, request.query);
      return { success: true as const, data, ...data };
    },
  );

  app.get(
    '/appointments/my-appointments',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Citas del doctor vinculado al usuario (por defecto desde hoy)',
        querystring: myAppointmentsQuery,
        response: { 200: myAppointmentsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await myAppointments(app.deps, request.user!.id, request.query)),
    }),
  );

  app.get(
    '/appointments/daily-queue',
    {
      config: { policy: 'authenticated' },
      schema: {
        tags,
        summary: 'Cola diaria: las citas de un día (date; por defecto hoy) en orden de hora, con conteos',
        querystring: dailyQueueQuery,
        response: { 200: dailyQueueResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await dailyQueue(app.deps, request.query, await readScopeOf(app.deps, request.user)),
    }),
  );

  app.put(
    '/appointments/:id',
    {
      config: { policy: BOOKING_ROLES },
      schema: {
        tags,
        summary: 'Actualizar una cita (p. ej. {status, cancel_reason}); los cambios de estado siguen §4',
        params: idParam,
        body: updateAppointmentBody,
        response: { 200: appointmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateAppointment(app.deps, actorOf(request), request.params.id, request.body),
      message: M.updated,
    }),
  );

  app.post(
    '/appointments/:id/restore',
    {
      config: { policy: BOOKING_ROLES },
      schema: {
        tags,
        summary: 'Restaurar una cita cancelada (solo si el cupo y el horario siguen libres)',
        params: idParam,
        response: { 200: appointmentResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await restoreAppointment(app.deps, actorOf(request), request.params.id),
      message: M.restored,
    }),
  );
};

export default bookingRoutes;
