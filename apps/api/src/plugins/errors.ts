import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, ERROR_CODES, titleForStatus, type ErrorBody, type ErrorCode } from '@ips/shared/errors';
import { pgErrorCode, pgErrorDetail } from '../lib/pg-errors';
import { AllowedMethods } from './allowed-methods';
import { applyResponseHeaders } from './security-headers';

/** Friendly texts for constraints, registered by the modules that own them. */
const constraintMessages = new Map<string, { code: ErrorCode; message: string }>();
export function registerConstraintMessage(constraint: string, code: ErrorCode, message: string) {
  constraintMessages.set(constraint, { code, message });
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

function fromCode(code: ErrorCode, message?: string, errors?: Record<string, string[]>): [number, ErrorBody] {
  const def = ERROR_CODES[code];
  return [
    def.status,
    {
      success: false,
      message: message ?? def.defaultMessage,
      error: def.title,
      ...(errors ? { errors } : {}),
    },
  ];
}

function fieldKey(instancePath: string, context: string | undefined): string {
  const path = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (path) return path;
  return context === 'querystring' ? 'query' : context === 'params' ? 'params' : '_';
}

/** Maps a database error to a client error where the client caused it, else null. */
function fromDatabase(err: unknown): [number, ErrorBody] | null {
  const code = pgErrorCode(err);
  if (!code) return null;
  const { constraint } = pgErrorDetail(err);
  const known = constraint ? constraintMessages.get(constraint) : undefined;
  if (known) return fromCode(known.code, known.message);
  switch (code) {
    case '23505':
      return fromCode('CONFLICT');
    case '23P01':
      return fromCode('CONFLICT', 'El horario se cruza con otro registro existente');
    case '23503':
      return fromCode(
        'CONFLICT',
        'El registro está relacionado con otros datos y no se puede completar la operación',
      );
    case '23514':
    case '23502':
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
    case '22001':
    case '22021':
    case '22P05':
      return fromCode('VALIDATION');
    case '40001':
    case '40P01':
    case '55P03':
      return fromCode('CONFLICT', 'Otra operación modificó estos datos al mismo tiempo. Intente de nuevo.');
    default:
      return null;
  }
}

export function toErrorResponse(err: unknown): [number, ErrorBody] | null {
  if (err instanceof AppError) return fromCode(err.code, err.message, err.errors);
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors: Record<string, string[]> = {};
    for (const v of err.validation) {
      const key = fieldKey(v.instancePath, err.validationContext);
      const list = (errors[key] ??= []);
      const message = v.message ?? 'Valor inválido';
      if (!list.includes(message)) list.push(message);
    }
    const message = [...new Set(Object.values(errors).flat())].join('. ');
    return fromCode('VALIDATION', message || undefined, errors);
  }
  const fe = err as FastifyError;
  switch (fe.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return fromCode('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return fromCode('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return fromCode('VALIDATION', 'El cuerpo de la solicitud no es JSON válido');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return fromCode('VALIDATION', 'El cuerpo de la solicitud está vacío');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return fromCode('VALIDATION', 'La longitud del contenido no es válida');
  }
  if (err instanceof SyntaxError && fe.statusCode === 400) {
    return fromCode('VALIDATION', 'El cuerpo de la solicitud no es JSON válido');
  }
  const db = fromDatabase(err);
  if (db) return db;
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 429) return fromCode('TOO_MANY_REQUESTS');
    return [
      fe.statusCode,
      { success: false, message: titleForStatus(fe.statusCode), error: titleForStatus(fe.statusCode) },
    ];
  }
  return null;
}

/**
 * Errors Fastify raises before routing (a malformed URL, a path parameter over the router's limit):
 * passed as the `frameworkErrors` option so they answer in the same shape as everything else.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No hook ran for these: the request id and the security headers are put here.
  applyResponseHeaders(request, reply);
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 414, {
      success: false,
      message: 'La dirección solicitada es demasiado larga',
      error: 'URI demasiado larga',
    });
  }
  const [status, body] = fromCode('VALIDATION', 'La dirección solicitada no es válida');
  return send(reply, status, body);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err, request: FastifyRequest, reply) => {
    const mapped = toErrorResponse(err);
    if (mapped) {
      const [status, body] = mapped;
      if (status >= 500) request.log.error({ err }, 'request failed');
      if (err instanceof AppError && err.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
      return send(reply, status, body);
    }
    // Never a stack trace to the client; the request id ties the log line to the report.
    request.log.error({ err }, 'unhandled error');
    const [status, body] = fromCode('INTERNAL');
    return send(reply, status, { ...body, request_id: String(request.id) });
  });

  // Every route registered after this plugin (all of them: it is registered first) is known by its path.
  const routes = new AllowedMethods();
  app.addHook('onRoute', (route) => routes.add(route.url, route.method));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = routes.allowed(path);
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const [status, body] = fromCode(
        'METHOD_NOT_ALLOWED',
        `Método no permitido: ${request.method} ${path}. Métodos aceptados: ${allowed.join(', ')}`,
      );
      return send(reply.header('allow', allowed.join(', ')), status, body);
    }
    const [status, body] = fromCode('NOT_FOUND', `Ruta no encontrada: ${request.method} ${path}`);
    return send(reply, status, body);
  });
});
