/** Accent- and case-insensitive text for searching. */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const words = (s: string) => s.split(/[\s\-/(),.;:]+/).filter(Boolean);

/** Every query word, in order, starts a different word of the text ('med int' → 'Medicina Interna'). */
function wordPrefixes(query: string[], text: string[]): boolean {
  let from = 0;
  for (const q of query) {
    const at = text.findIndex((w, i) => i >= from && w.startsWith(q));
    if (at < 0) return false;
    from = at + 1;
  }
  return true;
}

/**
 * How well `query` matches an option (lower is better), or null for no match. Spaces count: 'medicina i' is
 * Medicina Interna, not Medicina General. Accents and case are ignored.
 * 0: the label starts with the query; 1: a word of the label does; 2: the query's words start the label's words in
 * order; 3: the query appears anywhere in the label or its detail (a code, a department).
 */
export function matchRank(query: string, label: string, detail = ''): number | null {
  const q = foldText(query).replace(/\s+/g, ' ').trim();
  if (!q) return 0;
  const l = foldText(label);
  if (l.startsWith(q)) return 0;
  const lw = words(l);
  if (lw.some((w) => w.startsWith(q))) return 1;
  if (wordPrefixes(words(q), lw)) return 2;
  if (`${l} ${foldText(detail)}`.includes(q)) return 3;
  return null;
}

/** The options that match `query`, best matches first, in their own order within a rank. */
export function filterOptions<T extends { label: string; detail?: string }>(
  options: readonly T[],
  query: string,
): T[] {
  const ranked: { option: T; rank: number; i: number }[] = [];
  options.forEach((option, i) => {
    const rank = matchRank(query, option.label, option.detail);
    if (rank !== null) ranked.push({ option, rank, i });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.i - b.i).map((r) => r.option);
}
