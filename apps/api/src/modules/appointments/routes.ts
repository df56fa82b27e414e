import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FRONT_DESK_ROLES, type Role } from '@ips/shared/catalogs/roles';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  appointmentDto,
  cancelAppointmentBody,
  listAppointmentsQuery,
  summaryDto,
  summaryQuery,
} from '@ips/shared/schemas/appointments';
import { actorOf } from '../../lib/context';
import { logPatientRead } from '../../lib/patient-access';
import { readScopeOf } from '../../lib/read-scope';
import { registerConstraintMessage } from '../../plugins/errors';
import { appointmentsSummary, cancelAppointment, listAppointments } from './service';

/**
 * Cancelling one appointment is front-desk and call-center work (a patient calls to cancel), so agents may do
 * it as well as the roles that manage agendas; doctors read only.
 */
export const CANCEL_APPOINTMENT_ROLES: readonly Role[] = FRONT_DESK_ROLES;

/** The appointment routes the agendas need; booking and the appointment actions are in booking-routes.ts. */
const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['appointments'];
  const overlap =
    'Conflicto de agenda: Existe un solapamiento en ese horario (doctor, paciente, sala). Ajusta fecha/hora o duración.';
  registerConstraintMessage('appointments_doctor_overlap', 'CONFLICT', overlap);
  registerConstraintMessage('appointments_patient_overlap', 'CONFLICT', overlap);
  registerConstraintMessage('appointments_room_overlap', 'CONFLICT', overlap);
  registerConstraintMessage(
    'appointments_idempotency_key',
    'CONFLICT',
    'Esta solicitud de cita ya fue registrada',
  );
  registerConstraintMessage(
    'availabilities_booked_check',
    'CONFLICT',
    'No hay cupos disponibles en esta agenda',
  );

  app.get(
    '/appointments',
    {
      config: { policy: 'authenticated', rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Citas (status, date, start_date, end_date, availability_id, patient_id, doctor_id); scheduled_at en la hora de la organización',
        querystring: listAppointmentsQuery,
        response: {
          200: ok(z.array(appointmentDto)).extend({ total: z.number(), page: z.number(), limit: z.number() }),
        },
      },
    },
    async (request) => {
      const result = await listAppointments(
        app.deps,
        request.query,
        await readScopeOf(app.deps, request.user),
      );
      // One patient's appointments are a read of that patient's record (decision 020).
      if (request.query.patient_id) await logPatientRead(app.deps, request, request.query.patient_id);
      return { success: true as const, ...result };
    },
  );

  app.get(
    '/appointments/summary',
    {
      config: { policy: 'authenticated', rateLimit: 'report' },
      schema: {
        tags,
        summary: 'Resumen por día (start, end; por defecto el mes en curso): citas y agendas no canceladas',
        querystring: summaryQuery,
        response: { 200: ok(summaryDto).extend({ by_day: summaryDto.shape.by_day }) },
      },
    },
    async (request) => {
      const data = await appointmentsSummary(app.deps, request.query);
      return { success: true as const, data, by_day: data.by_day };
    },
  );

  app.post(
    '/appointments/:id/cancel',
    {
      config: { policy: CANCEL_APPOINTMENT_ROLES },
      schema: {
        tags,
        summary: "Cancelar una cita (reason; por defecto 'Cita cancelada por el administrativo')",
        params: idParam,
        body: cancelAppointmentBody,
        response: { 200: ok(appointmentDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cancelAppointment(app.deps, actorOf(request), request.params.id, request.body.reason),
      message: 'Cita cancelada',
    }),
  );
};

export default appointmentRoutes;
