/** The SQLSTATE of a database error, also when a driver or Drizzle wrapped it in `cause`. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function pgErrorDetail(err: unknown): { constraint?: string; message?: string } {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: string; message?: string };
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code))
      return { constraint: x.constraint, message: x.message };
    e = (e as { cause?: unknown }).cause;
  }
  return {};
}
