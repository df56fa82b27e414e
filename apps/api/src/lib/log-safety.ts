/**
 * What may reach a log line. Query strings carry searches (documents, names, phones) and tokens, so only
 * their keys are kept; database errors embed the statement's parameters, so those are cut off.
 */
export function safeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const keys = [...new URLSearchParams(url.slice(q + 1)).keys()];
  return `${url.slice(0, q)}${keys.length ? `?${keys.map((k) => `${encodeURIComponent(k)}=…`).join('&')}` : ''}`;
}

export function safeErrorMessage(message: string): string {
  const cut = message.search(/\nparams:|\bparams: /);
  return cut >= 0 ? `${message.slice(0, cut)} [parámetros omitidos]` : message;
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  [key: string]: unknown;
}

/** pino `err` serializer: keeps type, code and stack, never the SQL parameters or the query values. */
export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const e = err as Error & { code?: unknown; cause?: unknown; statusCode?: unknown };
  const out: SerializedError = {
    type: e.name,
    message: safeErrorMessage(e.message),
    stack: e.stack ? safeErrorMessage(e.stack) : '',
    code: e.code,
  };
  if (e.statusCode !== undefined) out.statusCode = e.statusCode;
  if (e.cause) out.cause = serializeError(e.cause);
  return out;
}
