import { sniffType } from '../../lib/file-sniff';

/** What an uploaded image really is, read from its first bytes (never from its name or the declared type). */
export interface ImageKind {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
}

export const EXT_BY_TYPE: Record<ImageKind['contentType'], ImageKind['ext']> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** The logo is an image: a PDF, which documents accept, is not. */
export function sniffImage(head: Uint8Array): ImageKind | null {
  const type = sniffType(head);
  if (!type || type === 'application/pdf') return null;
  return { contentType: type, ext: EXT_BY_TYPE[type] };
}
