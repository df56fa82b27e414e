import { countOf } from '@ips/shared/format';
const sizeFormat = new Intl.NumberFormat('es-CO', { maximumFractionDigits: 1 });

/** 1,2 MB, 340 KB, 12 bytes. */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${sizeFormat.format(n / (1024 * 1024))} MB`;
  if (n >= 1024) return `${sizeFormat.format(n / 1024)} KB`;
  return countOf(n, 'byte');
}

export const isImage = (type: string) => type.startsWith('image/');
