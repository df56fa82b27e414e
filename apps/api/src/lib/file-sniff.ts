/**
 * What a stored file really is, read from its first bytes (never from its name or the declared type): the logo
 * (PNG, JPEG, WebP; decision 027) and patient documents (those and PDF; decision 036).
 */
export type SniffedType = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/webp';

export const EXT_OF: Record<SniffedType, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Bytes enough to decide. */
export const SNIFF_BYTES = 16;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffType(head: Uint8Array): SniffedType | null {
  if (PNG.every((b, i) => head[i] === b)) return 'image/png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (head.length >= 5 && ascii(0, 5) === '%PDF-') return 'application/pdf';
  return null;
}
