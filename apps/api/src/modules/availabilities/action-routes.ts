import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  cancelAvailabilityBody,
  rescheduleAvailabilityBody,
  transferAvailabilityBody,
} from '@ips/shared/schemas/availabilities-actions';
import {
  availabilityDetailDto,
  reassignAppointmentBody,
  reassignmentCandidateDto,
} from '@ips/shared/schemas/availabilities-response';
import { actorOf } from '../../lib/context';
import { cancelAvailability, rescheduleAvailability, transferAvailability } from './moves';
import { BULK, MANAGE, READ } from './policies';
import { reassignAppointment, reassignmentCandidates } from './reassign';
import { syncAllSlots, syncAppointmentTimes, syncSlots } from './sync';

/** Transfer, reschedule, cancel, slot and time syncs, and reassignment of one appointment. */
export function registerActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['availabilities'];
  const manage = { policy: MANAGE };
  const moved = ok(availabilityDetailDto).extend({ appointments_moved: z.number() });

  app.post(
    '/availabilities/:id/transfer',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Transferir la agenda a otra fecha (mode: move mueve la agenda y sus citas; copy crea una copia vacía)',
        params: idParam,
        body: transferAvailabilityBody,
        response: { 200: moved },
      },
    },
    async (request) => {
      const { mode, new_date } = request.body;
      const r = await transferAvailability(app.deps, actorOf(request), request.params.id, new_date, mode);
      return {
        success: true as const,
        data: r.agenda,
        appointments_moved: r.appointments_moved,
        message: mode === 'copy' ? 'Agenda Copiada' : 'Agenda Transferida',
      };
    },
  );

  app.post(
    '/availabilities/:id/reschedule',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Reagendar (nueva fecha, hora de inicio y de fin); las citas conservan su posición en la agenda',
        params: idParam,
        body: rescheduleAvailabilityBody,
        response: { 200: moved },
      },
    },
    async (request) => {
      const r = await rescheduleAvailability(app.deps, actorOf(request), request.params.id, request.body);
      return {
        success: true as const,
        data: r.agenda,
        appointments_moved: r.appointments_moved,
        message: 'Agenda reagendada correctamente',
      };
    },
  );

  app.post(
    '/availabilities/:id/cancel',
    {
      config: { policy: BULK },
      schema: {
        tags,
        summary:
          'Cancelar la agenda con un mensaje a los pacientes: cancela sus citas y deja un aviso por paciente',
        params: idParam,
        body: cancelAvailabilityBody,
        response: {
          200: ok(availabilityDetailDto).extend({
            appointments_cancelled: z.number(),
            notices_created: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { message, channel } = request.body;
      const r = await cancelAvailability(app.deps, actorOf(request), request.params.id, message, channel);
      return {
        success: true as const,
        data: r.agenda,
        appointments_cancelled: r.appointments_cancelled,
        notices_created: r.notices_created,
        message: 'Agenda Cancelada',
      };
    },
  );

  app.post(
    '/availabilities/:id/sync-slots',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Recalcular booked_slots con las citas Confirmada',
        params: idParam,
        response: {
          200: ok(
            z.object({ updated: z.number(), booked_slots: z.number(), previous_booked_slots: z.number() }),
          ),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await syncSlots(app.deps, actorOf(request), request.params.id),
    }),
  );

  app.post(
    '/availabilities/sync-all',
    {
      config: { policy: BULK },
      schema: {
        tags,
        summary: 'Recalcular booked_slots de todas las agendas',
        response: {
          200: ok(
            z.object({
              updated: z.number(),
              conflicts: z.array(
                z.object({
                  id: z.number(),
                  confirmed: z.number(),
                  capacity: z.number(),
                  message: z.string(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => ({ success: true as const, data: await syncAllSlots(app.deps, actorOf(request)) }),
  );

  app.post(
    '/availabilities/:id/sync-appointment-times',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Reorganizar las citas de la agenda una tras otra desde la hora de inicio',
        params: idParam,
        response: { 200: ok(z.object({ updated: z.number(), total: z.number() })) },
      },
    },
    async (request) => {
      const data = await syncAppointmentTimes(app.deps, actorOf(request), request.params.id);
      const message =
        data.total === 0
          ? 'Aviso: No hay citas para sincronizar'
          : data.updated === 0
            ? 'Las horas de las citas ya estaban sincronizadas'
            : `${data.updated} citas sincronizadas correctamente`;
      return { success: true as const, data, message };
    },
  );

  app.get(
    '/availabilities/:id/available-for-reassignment',
    {
      config: { policy: READ },
      schema: {
        tags,
        summary: 'Agendas de la misma especialidad, activas, desde hoy y con cupo, para reasignar una cita',
        params: idParam,
        response: {
          200: ok(
            z.object({ specialty_name: z.string(), available_agendas: z.array(reassignmentCandidateDto) }),
          ).extend({ specialty_name: z.string() }),
        },
      },
    },
    async (request) => {
      const data = await reassignmentCandidates(app.deps, request.params.id);
      return { success: true as const, data, specialty_name: data.specialty_name };
    },
  );

  app.post(
    '/availabilities/reassign-appointment',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Reasignar una cita Confirmada a otra agenda de la misma especialidad (primer horario libre)',
        body: reassignAppointmentBody,
        response: {
          200: ok(
            z.object({
              appointment_id: z.number(),
              patient_name: z.string(),
              previous_availability_id: z.number().nullable(),
              new_availability_id: z.number(),
              scheduled_at: z.string(),
            }),
          ),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reassignAppointment(app.deps, actorOf(request), request.body),
      message: 'Reasignación exitosa',
    }),
  );
}
