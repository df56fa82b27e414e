import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, ok, successOnly } from '@ips/shared/schemas/common';
import {
  createTemplateBody,
  generateBulkBody,
  generateScheduleBody,
  generationResultDto,
  listTemplatesQuery,
  templateAnalyticsDto,
  templateAnalyticsQuery,
  templateDto,
  updateTemplateBody,
} from '@ips/shared/schemas/agenda-templates';
import { actorOf } from '../../lib/context';
import { registerConstraintMessage } from '../../plugins/errors';
import { templateAnalytics } from './analytics';
import { generateBulk, generateSchedule } from './generation';
import { BULK, MANAGE } from './policies';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
} from './service';

const paged = <T extends z.ZodType>(item: T) =>
  ok(z.array(item)).extend({ total: z.number(), page: z.number(), limit: z.number() });

/**
 * The template paths of spec part 2 §7 "Templates and quotas": /agenda-templates and /availability-templates
 * are one resource with two names (ARCHITECTURE: variants share one implementation), so each path exists under
 * both.
 */
type App = Parameters<FastifyPluginAsyncZod>[0];

function registerTemplateResource(app: App, prefix: string) {
  const tags = [prefix.slice(1)];
  const r = app;

  r.get(
    prefix,
    {
      config: { policy: MANAGE, rateLimit: 'directory' },
      schema: {
        tags,
        summary: 'Plantillas de agenda (search, doctor_id, active; page y limit)',
        querystring: listTemplatesQuery,
        response: { 200: paged(templateDto) },
      },
    },
    async (request) => ({ success: true as const, ...(await listTemplates(app.deps, request.query)) }),
  );

  r.get(
    `${prefix}/analytics`,
    {
      config: { policy: MANAGE, rateLimit: 'report' },
      schema: {
        tags,
        summary:
          'Por plantilla: agendas generadas, su ocupación y sus citas por estado (template_id, start_date, end_date; paginado)',
        querystring: templateAnalyticsQuery,
        response: { 200: paged(templateAnalyticsDto) },
      },
    },
    async (request) => ({ success: true as const, ...(await templateAnalytics(app.deps, request.query)) }),
  );

  r.post(
    `${prefix}/generate-schedule`,
    {
      config: { policy: MANAGE, rateLimit: 'generate' },
      schema: {
        tags,
        summary:
          'Generar las agendas de una plantilla en un rango (omite festivos, agendas que se cruzan y horarios pasados; dry_run: vista previa sin escribir)',
        body: generateScheduleBody,
        response: { 200: ok(generationResultDto) },
      },
    },
    async (request) => {
      const data = await generateSchedule(app.deps, actorOf(request), request.body);
      return {
        success: true as const,
        data,
        message: data.dry_run
          ? `Vista previa: ${data.generated_count} agendas, ${data.skipped_conflicts.length} omitidas`
          : `Generadas ${data.generated_count}. Omitidas ${data.skipped_conflicts.length}`,
      };
    },
  );

  r.post(
    `${prefix}/generate-bulk`,
    {
      config: { policy: BULK, rateLimit: 'generate' },
      schema: {
        tags,
        summary: 'Generar las agendas de varias plantillas en un rango, todo o nada (dry_run: vista previa)',
        body: generateBulkBody,
        response: { 200: ok(generationResultDto) },
      },
    },
    async (request) => {
      const data = await generateBulk(app.deps, actorOf(request), request.body);
      return {
        success: true as const,
        data,
        message: `Generadas ${data.generated_count}. Omitidas ${data.skipped_conflicts.length}`,
      };
    },
  );

  r.get(
    `${prefix}/:id`,
    {
      config: { policy: MANAGE },
      schema: { tags, summary: 'Una plantilla', params: idParam, response: { 200: ok(templateDto) } },
    },
    async (request) => ({ success: true as const, data: await getTemplate(app.deps, request.params.id) }),
  );

  r.post(
    prefix,
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Crear plantilla',
        body: createTemplateBody,
        response: { 201: ok(templateDto) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await createTemplate(app.deps, actorOf(request), request.body),
        message: 'Plantilla creada',
      };
    },
  );

  r.put(
    `${prefix}/:id`,
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Editar plantilla (cualquier campo; se valida la plantilla completa)',
        params: idParam,
        body: updateTemplateBody,
        response: { 200: ok(templateDto) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateTemplate(app.deps, actorOf(request), request.params.id, request.body),
      message: 'Plantilla actualizada',
    }),
  );

  r.delete(
    `${prefix}/:id`,
    {
      config: { policy: MANAGE },
      schema: {
        tags,
        summary: 'Eliminar plantilla (sus agendas generadas se conservan)',
        params: idParam,
        response: { 200: successOnly },
      },
    },
    async (request) => {
      await deleteTemplate(app.deps, actorOf(request), request.params.id);
      return { success: true as const, message: 'Eliminada' };
    },
  );

  r.post(
    `${prefix}/:id/duplicate`,
    {
      config: { policy: MANAGE },
      schema: { tags, summary: 'Duplicar plantilla', params: idParam, response: { 201: ok(templateDto) } },
    },
    async (request, reply) => {
      reply.status(201);
      return {
        success: true as const,
        data: await duplicateTemplate(app.deps, actorOf(request), request.params.id),
        message: 'Plantilla duplicada',
      };
    },
  );
}

const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const missing = (what: string) => `${what} seleccionad${what === 'El doctor' ? 'o' : 'a'} no existe`;
  registerConstraintMessage('agenda_templates_doctor_fk', 'VALIDATION', missing('El doctor'));
  registerConstraintMessage('agenda_templates_specialty_fk', 'VALIDATION', missing('La especialidad'));
  registerConstraintMessage('agenda_templates_location_fk', 'VALIDATION', missing('La ubicación'));
  for (const prefix of ['/agenda-templates', '/availability-templates'])
    registerTemplateResource(app, prefix);
};

export default templateRoutes;
