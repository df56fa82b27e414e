import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParam } from '@ips/shared/schemas/common';
import {
  AUDIT_ROLES,
  auditDetailResponse,
  auditExportQuery,
  auditListResponse,
  auditQuery,
  auditSummaryQuery,
  auditSummaryResponse,
} from '@ips/shared/schemas/audit';
import { csvHeaders } from '../../lib/csv-stream';
import { auditSummary, exportAudit, getAudit, listAudit } from './service';

const tags = ['audit'];

/**
 * The audit trail for administrators and supervisors (spec part 2 §7 "Audit", decision 029). Read only: the rows
 * are written by every module in the transaction of the change it records (lib/audit.ts).
 */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      config: { policy: AUDIT_ROLES, rateLimit: 'directory' },
      schema: {
        tags,
        summary:
          'Auditoría de cambios (table_name, record_id, user_id, action, from, to, page, limit), el más reciente primero; total contado hasta 1.000 (exact)',
        querystring: auditQuery,
        response: { 200: auditListResponse },
      },
    },
    async (request) => ({ success: true as const, ...(await listAudit(app.deps, request.query)) }),
  );

  app.get(
    '/audit/summary',
    {
      config: { policy: AUDIT_ROLES, rateLimit: 'report' },
      schema: {
        tags,
        summary:
          'Resumen de auditoría de los últimos `days` días (1–365, 30 por defecto): por tabla, acción y usuario',
        querystring: auditSummaryQuery,
        response: { 200: auditSummaryResponse },
      },
    },
    async (request) => ({ success: true as const, data: await auditSummary(app.deps, request.query.days) }),
  );

  app.get(
    '/audit/export.csv',
    {
      config: { policy: AUDIT_ROLES, queryToken: true, rateLimit: 'export' },
      schema: {
        tags,
        summary:
          'Exportar a CSV los cambios filtrados (mismos filtros que /audit), transmitido fila a fila; token en ?token=',
        querystring: auditExportQuery,
      },
    },
    async (request, reply) => {
      const { stream, filename } = exportAudit(app.deps, request.query);
      return reply.headers(csvHeaders(filename)).send(stream);
    },
  );

  app.get(
    '/audit/:id',
    {
      config: { policy: AUDIT_ROLES },
      schema: {
        tags,
        summary: 'Un cambio con sus valores anteriores y nuevos',
        params: idParam,
        response: { 200: auditDetailResponse },
      },
    },
    async (request) => ({ success: true as const, data: await getAudit(app.deps, request.params.id) }),
  );
};

export default auditRoutes;
