import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CALL_READ_ROLES } from '@ips/shared/catalogs/roles';
import {
  consultationIdParam,
  consultationListQuery,
  consultationListResponse,
  consultationResponse,
} from '@ips/shared/schemas/consultations';
import { voiceStatusResponse } from '@ips/shared/schemas/voice-tools';
import { getConsultation, listConsultations } from './consultations-service';
import { voiceStatus } from './status';

/** The voice agent's consultations (spec part 2 §7): read by the call center and the front desk, not doctors. */
const consultationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['consultations'];
  app.get(
    '/consultations/elevenlabs',
    {
      config: { policy: CALL_READ_ROLES, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Consultas del agente de voz, más recientes primero, paginadas por cursor (page_size, cursor).',
        querystring: consultationListQuery,
        response: { 200: consultationListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await listConsultations(app.deps, request.query)) }),
  );
  app.get(
    '/consultations/elevenlabs/:id',
    {
      config: { policy: CALL_READ_ROLES },
      schema: {
        tags,
        summary:
          'Una consulta del agente de voz (por id o por conversation_id): transcripción, audio, datos recolectados, y la cita o entrada de la cola que produjo.',
        params: consultationIdParam,
        response: { 200: consultationResponse },
      },
    },
    async (request) => ({ success: true as const, data: await getConsultation(app.deps, request.params.id) }),
  );
  // The integration's state for Configuración de IA: administrators only, like that screen. Never a secret.
  app.get(
    '/integrations/elevenlabs/status',
    {
      config: { policy: ['admin'] },
      schema: {
        tags: ['voice-agent'],
        summary:
          'Estado de la integración del agente de voz: si está configurada, el último webhook recibido y las fallas recientes (nunca un secreto).',
        response: { 200: voiceStatusResponse },
      },
    },
    async () => ({ success: true as const, data: await voiceStatus(app.deps) }),
  );
};

export default consultationRoutes;
