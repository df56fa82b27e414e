import { foldText } from '@/components/ui/combobox';

/** True when every word of `query` appears in one of `fields` (accents and case ignored). */
export function matches(query: string, ...fields: (string | null | undefined)[]): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(fields.filter(Boolean).join(' '));
  return words.every((w) => haystack.includes(w));
}

export const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name, 'es');
