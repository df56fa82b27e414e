/** Spec §7 "Exports": the reason column of the waiting-list PDF is cut at 40 characters. */
export const PDF_REASON_MAX = 40;

/**
 * At most `max` characters, the cut marked with '…' (which counts in the limit). Whitespace runs collapse
 * first, so line breaks in a reason do not break the table row. Empty reasons stay empty.
 */
export function truncateText(text: string | null | undefined, max: number = PDF_REASON_MAX): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  // Array.from counts code points, so an accent or emoji is never split in half.
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** Lower-case without accents: 'José' is found by 'jose'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
