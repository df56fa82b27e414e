import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALL_CENTER_ROLES, CALL_READ_ROLES } from '@ips/shared/catalogs/roles';
import { AppError } from '@ips/shared/errors';
import { idParam } from '@ips/shared/schemas/common';
import {
  CALL_MESSAGES as M,
  callAgentBody,
  callDashboardResponse,
  callHistoryExportQuery,
  callHistoryQuery,
  callHistoryResponse,
  callListResponse,
  callResponse,
  callStatsQuery,
  callStatsResponse,
  callStatusResponse,
  createCallBody,
  endCallBody,
  patientCallsQuery,
  patientCallsResponse,
} from '@ips/shared/schemas/calls';
import { actorOf } from '../../lib/context';
import { csvHeaders } from '../../lib/csv-stream';
import { readOnePatient } from '../../lib/patient-access';
import { openEventStream } from '../../lib/sse';
import { registerConstraintMessage } from '../../plugins/errors';
import { parseRange } from './audio';
import { exportHistoryCsv } from './export';
import * as repo from './repo';
import {
  CALLS_CHANNEL,
  attendCall,
  createCall,
  dashboard,
  endCall,
  getCall,
  history,
  holdCall,
  listActive,
  listWaiting,
  monitorStatus,
  patientCalls,
  stats,
  transferCall,
} from './service';

/** Slices of a recording sent per database read: a seek never loads the whole file. */
const AUDIO_CHUNK = 256 * 1024;

/**
 * The call center (spec part 2 §2, §4, §7). The call center works calls (admin, supervisor, agent); reception
 * reads them; doctors do not see the call center (403).
 */
const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calls'];
  const work = CALL_CENTER_ROLES;
  const read = CALL_READ_ROLES;
  registerConstraintMessage('calls_conversation_key', 'CONFLICT', M.conversationTaken);
  registerConstraintMessage('calls_patient_fk', 'NOT_FOUND', M.patientNotFound);

  app.post(
    '/calls',
    {
      config: { policy: work },
      schema: {
        tags,
        summary:
          'Registrar una llamada entrante (paciente, teléfono +57, documento, tipo, prioridad). Con agent_name queda activa; sin él, en espera. Se vincula al paciente cuyo documento o teléfono coincide.',
        body: createCallBody,
        response: { 201: callResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createCall(app.deps, actorOf(request), request.body),
        message: M.created,
      };
    },
  );

  for (const [action, run, message, summary] of [
    [
      'attend',
      attendCall,
      M.attended,
      'Atender una llamada en espera (waiting → active) con el nombre del agente',
    ],
    ['transfer', transferCall, M.transferred, 'Transferir una llamada activa a otro agente'],
  ] as const) {
    app.post(
      `/calls/:id/${action}`,
      {
        config: { policy: work },
        schema: { tags, summary, params: idParam, body: callAgentBody, response: { 200: callResponse } },
      },
      async (request) => ({
        success: true as const,
        data: await run(app.deps, actorOf(request), request.params.id, request.body.agent_name),
        message,
      }),
    );
  }

  app.post(
    '/calls/:id/hold',
    {
      config: { policy: work },
      schema: {
        tags,
        summary: 'Poner en espera una llamada activa (active → waiting)',
        params: idParam,
        response: { 200: callResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await holdCall(app.deps, actorOf(request), request.params.id),
      message: M.held,
    }),
  );

  app.post(
    '/calls/:id/end',
    {
      config: { policy: work },
      schema: {
        tags,
        summary:
          'Finalizar una llamada activa o en espera, con su resultado. Una llamada en espera nunca atendida que termina cuenta como abandonada.',
        params: idParam,
        body: endCallBody.nullish(),
        response: { 200: callResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await endCall(app.deps, actorOf(request), request.params.id, request.body?.outcome),
      message: M.ended,
    }),
  );

  app.get(
    '/calls/active',
    {
      config: { policy: read },
      schema: { tags, summary: 'Llamadas activas', response: { 200: callListResponse } },
    },
    async () => ({ success: true as const, data: await listActive(app.deps) }),
  );

  app.get(
    '/calls/waiting',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Llamadas en espera, la que más lleva esperando primero',
        response: { 200: callListResponse },
      },
    },
    async () => ({ success: true as const, data: await listWaiting(app.deps) }),
  );

  app.get(
    '/calls/dashboard',
    {
      config: { policy: read },
      schema: {
        tags,
        summary:
          'Dashboard: estadísticas de hoy con las medidas (nivel de servicio, ASA, AHT, abandono, espera más larga), llamadas activas y en espera',
        response: { 200: callDashboardResponse },
      },
    },
    async () => ({ success: true as const, data: await dashboard(app.deps) }),
  );

  app.get(
    '/calls/stats',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Estadísticas y medidas de las últimas `hours` horas (24 por defecto)',
        querystring: callStatsQuery,
        response: { 200: callStatsResponse },
      },
    },
    async (request) => ({ success: true as const, data: await stats(app.deps, request.query.hours) }),
  );

  app.get(
    '/calls/status',
    {
      config: { policy: read },
      schema: {
        tags,
        summary: 'Monitor: tarjetas del día, llamadas activas y las últimas 5 completadas',
        response: { 200: callStatusResponse },
      },
    },
    async () => ({ success: true as const, data: await monitorStatus(app.deps) }),
  );

  app.get(
    '/calls/history',
    {
      config: { policy: read, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Historial de llamadas (status, priority, search por nombre o teléfono, limit 25/50/100, offset), las más recientes primero',
        querystring: callHistoryQuery,
        response: { 200: callHistoryResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await history(app.deps, request.query)) }),
  );

  app.get(
    '/calls',
    {
      config: { policy: read, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Llamadas de un paciente (patient_id obligatorio, limit ≤ 100, offset), las más recientes primero; queda en el registro de accesos',
        querystring: patientCallsQuery,
        response: { 200: patientCallsResponse },
      },
    },
    async (request) => {
      // One patient's calls are a read of that patient's record (decision 020): scope check, read, access log.
      const page = await readOnePatient(app.deps, request, request.query.patient_id, () =>
        patientCalls(app.deps, request.query),
      );
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/calls/history/export.csv',
    {
      config: { policy: read, queryToken: true, rateLimit: 'export' },
      schema: {
        tags,
        summary:
          'Historial en CSV con los mismos filtros, todas las llamadas que coinciden (UTF-8 con BOM; token en ?token=)',
        querystring: callHistoryExportQuery,
      },
    },
    async (request, reply) => {
      const { filename, stream } = exportHistoryCsv(app.deps, request.query);
      return reply.headers(csvHeaders(filename)).send(stream);
    },
  );

  app.get(
    '/calls/stream',
    {
      config: { policy: read, queryToken: true },
      schema: {
        tags,
        summary:
          'Eventos en vivo de llamadas (created, attended, transferred, held, ended); token en ?token=; Last-Event-ID reanuda sin pérdidas',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      await openEventStream(app, request, reply, { channels: [CALLS_CHANNEL] });
    },
  );

  app.get(
    '/calls/:id',
    {
      config: { policy: read },
      schema: { tags, summary: 'Una llamada', params: idParam, response: { 200: callResponse } },
    },
    async (request) => ({ success: true as const, data: await getCall(app.deps, request.params.id) }),
  );

  app.get(
    '/calls/:id/audio',
    {
      config: { policy: read, queryToken: true },
      schema: {
        tags,
        summary:
          'Grabación de la llamada; admite solicitudes de rango (Range: bytes=…) para adelantar y retroceder',
        params: idParam,
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const info = await repo.audioInfo(app.deps.db, id);
      if (!info) {
        await getCall(app.deps, id);
        throw new AppError('NOT_FOUND', M.audioNotFound);
      }
      const range = parseRange(request.headers.range, info.size);
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', info.contentType)
        .header('etag', `"${info.sha256}"`)
        .header('cache-control', 'private, max-age=300');
      if (range.kind === 'invalid') {
        return reply
          .status(416)
          .header('content-range', `bytes */${info.size}`)
          .type('application/json; charset=utf-8')
          .send({ success: false, message: M.rangeInvalid });
      }
      const [start, end] = range.kind === 'partial' ? [range.start, range.end] : [0, info.size - 1];
      if (range.kind === 'partial')
        reply.status(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
      reply.header('content-length', String(end - start + 1));
      if (request.method === 'HEAD' || end < start) return reply.send('');
      const db = app.deps.db;
      async function* chunks() {
        for (let at = start; at <= end; at += AUDIO_CHUNK) {
          const slice = await repo.audioSlice(db, id, at, Math.min(end, at + AUDIO_CHUNK - 1));
          if (!slice) return;
          yield slice;
        }
      }
      return reply.send(Readable.from(chunks()));
    },
  );
};

export default callRoutes;
