/**
 * One error vocabulary for server and browser (spec part 1 §8, part 2 §8).
 * `title` is the generic Spanish heading for the status; `defaultMessage` is what the user reads
 * when the server has nothing more specific to say.
 */
export const ERROR_CODES = {
  VALIDATION: { status: 400, title: 'Datos inválidos', defaultMessage: 'Datos inválidos' },
  UNAUTHORIZED: {
    status: 401,
    title: 'No autorizado',
    defaultMessage: 'Su sesión ha expirado. Inicie sesión nuevamente.',
  },
  FORBIDDEN: {
    status: 403,
    title: 'Acceso denegado',
    defaultMessage: 'No tienes permisos para realizar esta acción',
  },
  NOT_FOUND: { status: 404, title: 'No encontrado', defaultMessage: 'El recurso solicitado no existe' },
  METHOD_NOT_ALLOWED: {
    status: 405,
    title: 'Método no permitido',
    defaultMessage: 'La ruta existe, pero no acepta este método',
  },
  CONFLICT: { status: 409, title: 'Conflicto', defaultMessage: 'Ya existe un registro con estos datos' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    title: 'Solicitud demasiado grande',
    defaultMessage: 'La solicitud excede el tamaño máximo permitido',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    title: 'Tipo de contenido no soportado',
    defaultMessage: 'El tipo de contenido de la solicitud no es soportado; envíe JSON',
  },
  TOO_MANY_REQUESTS: {
    status: 429,
    title: 'Demasiadas solicitudes',
    defaultMessage: 'Demasiadas solicitudes. Intente de nuevo en unos minutos.',
  },
  INTERNAL: { status: 500, title: 'Error del servidor', defaultMessage: 'Ha ocurrido un error inesperado' },
  UNAVAILABLE: {
    status: 503,
    title: 'Servicio no disponible',
    defaultMessage: 'El servicio no está disponible en este momento',
  },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Body of every error response. */
export interface ErrorBody {
  success: false;
  message: string;
  error?: string;
  errors?: Record<string, string[]>;
  /** Present on 5xx: quote it to support, it ties the report to the server log. */
  request_id?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  /** For a 429 or 503: when to try again, sent as `Retry-After` (whole seconds, at least 1). */
  retryAfterSeconds?: number;

  constructor(code: ErrorCode, message?: string, errors?: Record<string, string[]>) {
    super(message ?? ERROR_CODES[code].defaultMessage);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.errors = errors;
  }
}

/** Heading for any HTTP status, as the spec's generic handler shows it. */
export function titleForStatus(status: number): string {
  const found = Object.values(ERROR_CODES).find((c) => c.status === status);
  return found ? found.title : 'Error';
}
