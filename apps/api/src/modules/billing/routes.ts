import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok } from '@ips/shared/schemas/common';
import {
  BILLING_MANAGE_ROLES,
  BILLING_MESSAGES as M,
  BILLING_READ_ROLES,
  billingAuditResponse,
  billingListResponse,
  billingMetricsResponse,
  billingRecordDto,
  billingSummaryResponse,
  exportBillingQuery,
  listBillingQuery,
  metricsBillingQuery,
  summaryBillingQuery,
  updateBillingStatusBody,
} from '@ips/shared/schemas/billing';
import { actorOf } from '../../lib/context';
import { localDate } from '@ips/shared/format';
import { csvHeaders } from '../../lib/csv-stream';
import { openEventStream } from '../../lib/sse';
import {
  BILLING_CHANNEL,
  exportAuditCsv,
  exportCsv,
  getAudit,
  listBilling,
  metrics,
  summarize,
  updateStatus,
} from './service';

/**
 * Billing (spec part 2 §2, §4, §6, §7 "Billing"; decision 031). Admin, supervisor and reception read; only admin
 * and supervisor change a status or read a record's audit history.
 */
const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['billing'];
  const read = BILLING_READ_ROLES;
  const manage = BILLING_MANAGE_ROLES;

  app.get(
    '/appointment-billing',
    {
      config: { policy: read, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Registros de facturación (from/to: días locales, por defecto los últimos 7; status, doctor_id, service_id, q; sort y dir; limit 50, offset)',
        querystring: listBillingQuery,
        response: { 200: billingListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await listBilling(app.deps, request.query)) }),
  );

  app.get(
    '/appointment-billing/summary',
    {
      config: { policy: read, rateLimit: 'report' },
      schema: {
        tags,
        summary:
          'Resumen por día, doctor o servicio (group); sin los registros cancelados salvo status=cancelled',
        querystring: summaryBillingQuery,
        response: { 200: billingSummaryResponse },
      },
    },
    async (request) => ({
      success: true as const,
      items: await summarize(app.deps, request.query),
      group: request.query.group,
    }),
  );

  app.get(
    '/appointment-billing/metrics',
    {
      config: { policy: read, rateLimit: 'report' },
      schema: {
        tags,
        summary: 'Ticket promedio, número de registros y servicios más frecuentes del rango',
        querystring: metricsBillingQuery,
        response: { 200: billingMetricsResponse },
      },
    },
    async (request) => {
      const data = await metrics(app.deps, request.query);
      return { success: true as const, data, ...data };
    },
  );

  app.get(
    '/appointment-billing/export.csv',
    {
      config: { policy: read, queryToken: true, rateLimit: 'export' },
      schema: {
        tags,
        summary:
          'CSV de los registros filtrados (UTF-8 con BOM, separador ;, números es-CO); token en ?token=',
        querystring: exportBillingQuery,
      },
    },
    async (request, reply) => {
      reply.headers(csvHeaders(`facturacion-${localDate(new Date(), app.deps.config.orgTimezone)}.csv`));
      return reply.send(exportCsv(app.deps, request.query));
    },
  );

  app.get(
    '/appointment-billing/stream',
    {
      config: { policy: read, queryToken: true },
      schema: {
        tags,
        summary:
          'Eventos en vivo de facturación (billing_created, billing_status_updated); token en ?token=; Last-Event-ID reanuda sin pérdidas',
        querystring: z.object({
          token: z.string().optional(),
          last_event_id: z.coerce.number().int().min(0).optional(),
        }),
      },
    },
    async (request, reply) => {
      await openEventStream(app, request, reply, { channels: [BILLING_CHANNEL] });
    },
  );

  app.get(
    '/appointment-billing/:id/audit',
    {
      config: { policy: manage },
      schema: {
        tags,
        summary: 'Historial de cambios de estado de un registro',
        params: idParam,
        response: { 200: billingAuditResponse },
      },
    },
    async (request) => ({ success: true as const, data: await getAudit(app.deps, request.params.id) }),
  );

  app.get(
    '/appointment-billing/:id/audit.csv',
    {
      config: { policy: manage, queryToken: true },
      schema: {
        tags,
        summary: 'CSV del historial de estados de un registro; token en ?token=',
        params: idParam,
        querystring: z.object({ token: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const stream = await exportAuditCsv(app.deps, request.params.id);
      reply.headers(csvHeaders(`auditoria-facturacion-${request.params.id}.csv`));
      return reply.send(stream);
    },
  );

  app.patch(
    '/appointment-billing/:id/status',
    {
      config: { policy: manage },
      schema: {
        tags,
        summary: 'Cambiar el estado (pending, billed, paid, cancelled); queda en el historial del registro',
        params: idParam,
        body: updateBillingStatusBody,
        response: { 200: ok(billingRecordDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateStatus(app.deps, actorOf(request), request.params.id, request.body.status),
      message: M.updated,
    }),
  );
};

export default billingRoutes;
