import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookBody,
  cancelBody,
  conversationStartBody,
  findPatientBody,
  freeSlotsBody,
  handOverBody,
  toolAnswer,
  upcomingBody,
  waitingListBody,
} from '@ips/shared/schemas/voice-tools';
import { conversationStart, transferMessage } from './conversation-start';
import { toolSecretHook } from './tool-auth';
import {
  bookTool,
  cancelTool,
  findPatientTool,
  freeSlotsTool,
  handOverTool,
  upcomingTool,
  type ToolAnswer,
} from './tools-service';
import { enqueueForVoice } from './waiting-list';

const startAnswer = z.object({
  type: z.literal('conversation_initiation_client_data'),
  dynamic_variables: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  conversation_config_override: z.object({ agent: z.object({ first_message: z.string() }) }),
});

/**
 * What the voice agent calls during a conversation (decision 038): the conversation-start webhook (caller in,
 * dynamic variables out) and the server tools. Authenticated by the integration's secret, rate-limited per
 * address, each write audited with the actor "Agente de voz IA".
 */
const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['voice-agent'];
  const onRequest = toolSecretHook(() => app.deps.config.voice.toolSecret);
  const config = { policy: 'public' as const, rateLimit: 'voiceTool' as const };
  const security = [{ bearer: [] }];

  app.post(
    '/integrations/elevenlabs/conversation-start',
    {
      onRequest,
      config,
      schema: {
        tags,
        security,
        summary:
          'Inicio de conversación del agente de voz: con el número que llama responde el nombre del paciente, su próxima cita y el mensaje según la configuración de IA (bienvenida o fuera de horario).',
        body: conversationStartBody,
        response: { 200: startAnswer },
      },
    },
    async (request) => conversationStart(app.deps, request.body.caller_id ?? null),
  );

  const tool = <S extends z.ZodType>(
    path: string,
    summary: string,
    body: S,
    run: (b: z.output<S>) => Promise<ToolAnswer>,
  ) =>
    app.post(
      `/integrations/elevenlabs/tools/${path}`,
      { onRequest, config, schema: { tags, security, summary, body, response: { 200: toolAnswer } } },
      async (request) => ({ success: true as const, ...(await run(request.body as z.output<S>)) }),
    );

  tool('find-patient', 'Herramienta del agente: buscar un paciente por documento.', findPatientBody, (b) =>
    findPatientTool(app.deps, b.document),
  );
  tool('upcoming-appointments', 'Herramienta del agente: próximas citas de un paciente.', upcomingBody, (b) =>
    upcomingTool(app.deps, b.document),
  );
  tool(
    'free-slots',
    'Herramienta del agente: agendas con cupos libres de una especialidad.',
    freeSlotsBody,
    (b) => freeSlotsTool(app.deps, b.specialty),
  );
  tool(
    'book',
    'Herramienta del agente: agendar (asignación inteligente; sin cupo, a la cola). Idempotente por conversación.',
    bookBody,
    (b) => bookTool(app.deps, b),
  );
  tool(
    'cancel',
    'Herramienta del agente: cancelar una cita del paciente (el cupo vuelve a la cola).',
    cancelBody,
    (b) => cancelTool(app.deps, b),
  );
  tool(
    'waiting-list',
    'Herramienta del agente: anotar al paciente en la lista de espera.',
    waitingListBody,
    (b) => enqueueForVoice(app.deps, b),
  );
  tool(
    'hand-over',
    'Herramienta del agente: pasar la llamada a una persona (queda en espera en el centro de llamadas).',
    handOverBody,
    (b) => handOverTool(app.deps, transferMessage(app.deps), b),
  );
};

export default agentRoutes;
