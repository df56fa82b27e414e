/*
 * HTTP range requests on a stored file (RFC 9110 §14): one range per request, which is what audio players and
 * PDF viewers send ('bytes=START-', 'bytes=START-END', 'bytes=-SUFFIX'). Several ranges are answered whole (200),
 * as the RFC allows; an unsatisfiable range is 416 with 'Content-Range: bytes * /SIZE'. Used by call recordings
 * and patient documents.
 */

export type RangeResult =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'invalid' };

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m)
    return header.trim().startsWith('bytes=') && header.includes(',')
      ? { kind: 'full' }
      : { kind: 'invalid' };
  const [, a, b] = m;
  if (a === '' && b === '') return { kind: 'invalid' };
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return { kind: 'invalid' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return { kind: 'invalid' };
  return { kind: 'partial', start, end };
}

/**
 * A Content-Disposition header that no file name can break (RFC 6266 with RFC 5987's `filename*`): an ASCII
 * fallback without quotes, backslashes, control characters or path separators, and the real name in UTF-8,
 * percent-encoded.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'documento';
  const ascii =
    clean
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["%;]/g, '_') || 'documento';
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
