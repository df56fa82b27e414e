/*
 * HTTP range requests on a recording (RFC 9110 §14): one range per request, which is what audio players send
 * when seeking ('bytes=START-', 'bytes=START-END', 'bytes=-SUFFIX'). Several ranges are answered whole (200),
 * as the RFC allows; an unsatisfiable range is 416 with 'Content-Range: bytes * /SIZE'.
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
