import { comboKeys, isMacPlatform, shortcut, type KeyCombo, type ShortcutId } from '@/lib/shortcuts';
import { cn } from '@/lib/utils';

const MAC = isMacPlatform();

/** One combination as keycaps (<kbd> of <kbd>s, as HTML nests a key combination); colours follow the text. */
export function ComboKeys({ combo, className }: { combo: KeyCombo; className?: string }) {
  return (
    <kbd className={cn('inline-flex items-center gap-0.5 font-sans', className)}>
      {comboKeys(combo, MAC).map((key) => (
        <kbd
          key={key}
          className="inline-flex h-5 min-w-5 items-center justify-center rounded border border-current/30 px-1 font-sans text-[0.6875rem] leading-none font-medium"
        >
          {key}
        </kbd>
      ))}
    </kbd>
  );
}

/** The first combination of a registered shortcut, as a hint beside a button's label (hidden from readers). */
export function ShortcutHint({ id, className }: { id: ShortcutId; className?: string }) {
  return (
    <span aria-hidden className={cn('inline-flex', className)}>
      <ComboKeys combo={shortcut(id).combos[0]!} />
    </span>
  );
}
