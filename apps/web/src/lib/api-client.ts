// Relative imports inside lib/ keep it testable under the root Vitest config, which has no '@' alias.
import { clearLogin, getAuthSnapshot, isSnapshotValid } from './auth-storage';
import { redirectToLogin } from './login-redirect';

export const API_BASE = '/api';

/** An HTTP failure with the server's Spanish message (spec part 1 §8 "Session and HTTP"). */
export class ApiError extends Error {
  readonly status: number;
  /** Field → messages, from a validation error body. */
  readonly errors?: Record<string, string[]>;
  /** The short machine-readable error of the body, when the server sends one beside `message`. */
  readonly error?: string;

  constructor(status: number, message: string, errors?: Record<string, string[]>, error?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.error = error;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` on a booking. */
  headers?: Record<string, string>;
  /**
   * true (default): send the bearer token, check its early expiry first and treat a 401 as "signed out".
   * false: public calls and the login itself, where a 401 means wrong credentials.
   */
  auth?: boolean;
}

export function apiUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function normaliseErrors(raw: unknown): Record<string, string[]> | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    if (Array.isArray(value)) out[field] = value.map(String);
    else if (value !== undefined && value !== null) out[field] = [String(value)];
  }
  return out;
}

function errorFromBody(status: number, body: unknown): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as {
    message?: unknown;
    error?: unknown;
    errors?: unknown;
  };
  const message =
    typeof b.message === 'string' && b.message.trim()
      ? b.message
      : typeof b.error === 'string' && b.error.trim()
        ? b.error
        : `HTTP ${status}`;
  return new ApiError(
    status,
    message,
    normaliseErrors(b.errors),
    typeof b.error === 'string' ? b.error : undefined,
  );
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, auth = true } = options;
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  if (auth) {
    const snapshot = getAuthSnapshot();
    if (snapshot.token) {
      if (!isSnapshotValid(snapshot)) {
        clearLogin('expired');
        redirectToLogin();
        throw new ApiError(401, 'Token expirado');
      }
      headers.Authorization = `Bearer ${snapshot.token}`;
    }
  }

  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'No se pudo conectar con el servidor. Verifique su conexión e intente de nuevo.');
  }

  const data = await readBody(res);
  if (res.ok) return data as T;

  if (res.status === 401 && auth) {
    clearLogin('unauthorized');
    redirectToLogin();
  }
  throw errorFromBody(res.status, data);
}

export const api = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...opts, method: 'DELETE' }),
};

/** The success envelope `{ success: true, data, … }` every endpoint answers with. */
export interface ApiEnvelope<T> {
  success: true;
  data: T;
}
