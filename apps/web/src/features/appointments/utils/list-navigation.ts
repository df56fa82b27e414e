/** The keys a suggestion list answers to (spec §2: up/down/enter/escape). */
export type ListKey = 'ArrowDown' | 'ArrowUp' | 'Enter' | 'Escape';

export type ListAction =
  { type: 'move'; index: number } | { type: 'select'; index: number } | { type: 'close' } | { type: 'none' };

/**
 * What a key does to a list of `length` suggestions with `active` highlighted (-1 for none): the arrows move
 * and wrap around, Enter picks the highlighted one (or the only one, so a document typed in full is picked with
 * one key), Escape closes. Other keys do nothing.
 */
export function listKeyAction(key: string, active: number, length: number): ListAction {
  switch (key) {
    case 'ArrowDown':
      return length === 0
        ? { type: 'none' }
        : { type: 'move', index: active < 0 ? 0 : (active + 1) % length };
    case 'ArrowUp':
      return length === 0 ? { type: 'none' } : { type: 'move', index: active <= 0 ? length - 1 : active - 1 };
    case 'Enter':
      if (active >= 0 && active < length) return { type: 'select', index: active };
      return active < 0 && length === 1 ? { type: 'select', index: 0 } : { type: 'none' };
    case 'Escape':
      return { type: 'close' };
    default:
      return { type: 'none' };
  }
}
