/** What an uploaded image really is, read from its first bytes (never from its name or the declared type). */
export interface ImageKind {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function sniffImage(head: Uint8Array): ImageKind | null {
  if (PNG.every((b, i) => head[i] === b)) return { contentType: 'image/png', ext: 'png' };
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { contentType: 'image/jpeg', ext: 'jpg' };
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP')
    return { contentType: 'image/webp', ext: 'webp' };
  return null;
}

export const EXT_BY_TYPE: Record<ImageKind['contentType'], ImageKind['ext']> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};
