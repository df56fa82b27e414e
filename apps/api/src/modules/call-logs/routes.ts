import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@ips/shared/schemas/common';
import {
  callLogResponse,
  createCallLogBody,
  listCallLogsQuery,
  listCallLogsResponse,
  updateCallLogBody,
} from '@ips/shared/schemas/call-logs';
import { CALL_LOG_READ_ROLES, FRONT_DESK_ROLES } from '@ips/shared/catalogs/roles';
import { actorOf } from '../../lib/context';
import { logPatientRead } from '../../lib/patient-access';
import { registerConstraintMessage } from '../../plugins/errors';
import { createCallLog, listCallLogs, updateCallLog } from './service';

const callLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['call-logs'];
  registerConstraintMessage('call_logs_specialty_fk', 'NOT_FOUND', 'Especialidad no encontrada');
  registerConstraintMessage('call_logs_queue_fk', 'NOT_FOUND', 'Entrada de la cola no encontrada');
  registerConstraintMessage('call_logs_appointment_fk', 'NOT_FOUND', 'Cita no encontrada');
  registerConstraintMessage('call_logs_status_id_fk', 'NOT_FOUND', 'Estado de llamada no encontrado');

  app.get(
    '/call-logs',
    {
      // Calls are call-center work, not clinical data: not for doctors (decision 020).
      config: { policy: CALL_LOG_READ_ROLES, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Registro de llamadas (patient_id, queue_id, status, channel, direction, date, q), las más recientes primero. Las llamadas automáticas solicitadas quedan en estado pending hasta que el agente de voz las realice.',
        querystring: listCallLogsQuery,
        response: { 200: listCallLogsResponse },
      },
    },
    async (request) => {
      const result = await listCallLogs(app.deps, request.query);
      // One patient's calls are a read of that patient's record (decision 020).
      if (request.query.patient_id) await logPatientRead(app.deps, request, request.query.patient_id);
      return { success: true as const, ...result };
    },
  );

  app.post(
    '/call-logs',
    {
      config: { policy: FRONT_DESK_ROLES },
      schema: {
        tags,
        summary: 'Registrar una llamada de un agente',
        body: createCallLogBody,
        response: { 201: callLogResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createCallLog(app.deps, actorOf(request), request.body),
        message: 'Llamada registrada',
      };
    },
  );

  app.put(
    '/call-logs/:id',
    {
      config: { policy: FRONT_DESK_ROLES },
      schema: {
        tags,
        summary:
          'Editar un registro de llamada: estado del catálogo (status_id), resultado, notas, especialidad',
        params: idParam,
        body: updateCallLogBody,
        response: { 200: callLogResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateCallLog(app.deps, actorOf(request), request.params.id, request.body),
      message: 'Registro de llamada actualizado',
    }),
  );
};

export default callLogRoutes;
