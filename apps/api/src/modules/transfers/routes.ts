import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '@ips/shared/schemas/common';
import {
  TRANSFER_MESSAGES as M,
  createTransferBody,
  listTransfersQuery,
  listTransfersResponse,
  rejectTransferBody,
  transferResponse,
  type TransferEventPayload,
} from '@ips/shared/schemas/transfers';
import { openEventStream } from '../../lib/sse';
import { TRANSFER_ROLES, queueUser } from '../queue';
import {
  TRANSFERS_CHANNEL,
  acceptTransfer,
  canSee,
  completeTransfer,
  createTransfer,
  listTransfers,
  rejectTransfer,
} from './service';

/** Transfers between agents (spec part 2 §4, §7). Call-center roles only; agents see what concerns them. */
const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['transfers'];
  const policy = TRANSFER_ROLES;

  app.get(
    '/transfers',
    {
      config: { policy, rateLimit: 'directory' },
      schema: {
        tags,
        summary: 'Transferencias (status: pending por defecto; accepted, rejected, completed o all)',
        querystring: listTransfersQuery,
        response: { 200: listTransfersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listTransfers(app.deps, queueUser(request), request.query)),
    }),
  );

  app.post(
    '/transfers',
    {
      config: { policy },
      schema: {
        tags,
        summary:
          'Transferir un paciente (patient_id, queue_id o call_log_id) a otro agente (to_user_id) o a cualquiera que la acepte; queda pending',
        body: createTransferBody,
        response: { 201: transferResponse },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createTransfer(app.deps, queueUser(request), request.body),
        message: M.created,
      };
    },
  );

  for (const [action, run, message] of [
    ['accept', acceptTransfer, M.accepted],
    ['complete', completeTransfer, M.completed],
  ] as const) {
    app.post(
      `/transfers/:id/${action}`,
      {
        config: { policy },
        schema: {
          tags,
          summary:
            action === 'accept'
              ? 'Aceptar una transferencia pendiente (dirigida al agente o abierta)'
              : 'Completar una transferencia aceptada',
          params: idParam,
          response: { 200: transferResponse },
        },
      },
      async (request) => ({
        success: true as const,
        data: await run(app.deps, queueUser(request), request.params.id),
        message,
      }),
    );
  }

  app.post(
    '/transfers/:id/reject',
    {
      config: { policy },
      schema: {
        tags,
        summary: 'Rechazar una transferencia pendiente con un motivo',
        params: idParam,
        body: rejectTransferBody,
        response: { 200: transferResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await rejectTransfer(app.deps, queueUser(request), request.params.id, request.body.reason),
      message: M.rejected,
    }),
  );

  app.get(
    '/transfers/stream',
    {
      config: { policy, queryToken: true },
      schema: {
        tags,
        summary:
          'Eventos en vivo de transferencias (created, accepted, rejected, completed); token en ?token=; Last-Event-ID reanuda sin pérdidas',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      const user = request.user!;
      await openEventStream(app, request, reply, {
        channels: [TRANSFERS_CHANNEL],
        filter: (e) => canSee(user.id, user.role, e.payload as TransferEventPayload),
      });
    },
  );
};

export default transferRoutes;
