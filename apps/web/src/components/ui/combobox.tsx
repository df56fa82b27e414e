import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { filterOptions } from '@/components/ui/combobox-filter';
import { focusAdjacentTabbable } from '@/components/ui/focus-fields';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export { foldText } from '@/components/ui/combobox-filter';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (e.g. department and code). */
  detail?: string;
  /** A short mark beside the label (e.g. 'Última usada'), read as the option's description. */
  tag?: string;
  disabled?: boolean;
}

interface ComboboxProps {
  id?: string;
  options: readonly ComboboxOption[];
  value: string | null;
  onChange: (value: string | null) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Offers "Sin selección" at the top to clear the value. */
  clearLabel?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
  /** Rendering cap for long catalogues (e.g. 1.100 municipalities): type to narrow. */
  limit?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-label'?: string;
}

/** A key that types a character (not a shortcut, not a named key such as Tab or ArrowDown). */
const isTyping = (e: KeyboardEvent) => e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;

/** The options offered for a filter text, at most `limit`, and how many more matched. */
function listItems(
  options: readonly ComboboxOption[],
  q: string,
  clearLabel: string | undefined,
  limit: number,
) {
  const all: ComboboxOption[] = [
    // "None" only while not searching, so that Enter picks the first match.
    ...(clearLabel && !q.trim() ? [{ value: '', label: clearLabel }] : []),
    ...filterOptions(options, q),
  ];
  return { items: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
}

/**
 * A searchable single choice: a button that opens a filter box over a list. Keyboard: typing on the closed button
 * opens it with what was typed as the filter (spaces included, accents ignored); ↑ ↓ move; Enter picks the
 * highlighted option (the first match, or the current value when nothing was typed); Tab picks the highlighted
 * match when something was typed and goes on to the next field; Escape closes.
 */
export function Combobox({
  id,
  options,
  value,
  onChange,
  placeholder = 'Seleccione…',
  searchPlaceholder = 'Buscar…',
  emptyText = 'Sin resultados',
  clearLabel,
  disabled,
  required,
  className,
  limit = 60,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Set by Tab/Shift+Tab in the filter box: where the focus goes once the list has closed. */
  const tabAway = useRef<1 | -1 | null>(null);
  const selected = options.find((o) => o.value === value) ?? null;

  const { items, hidden } = useMemo(
    () => listItems(options, query, clearLabel, limit),
    [options, query, clearLabel, limit],
  );

  function openWith(q: string) {
    setQuery(q);
    const all = listItems(options, '', clearLabel, limit).items;
    setActive(
      q
        ? 0
        : Math.max(
            0,
            all.findIndex((o) => o.value === (value ?? '')),
          ),
    );
    setOpen(true);
  }

  function choose(option: ComboboxOption) {
    if (option.disabled) return;
    onChange(option.value === '' ? null : option.value);
    // The focus goes back to the button now, not when the list has unmounted: a key pressed at once (Ctrl+Enter
    // to submit the dialog) would otherwise land on the page's body in between and be lost.
    if (tabAway.current === null) triggerRef.current?.focus();
    setOpen(false);
  }

  function move(delta: number) {
    if (items.length === 0) return;
    const next = (active + delta + items.length) % items.length;
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  }

  function onTriggerKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (!isTyping(e)) return;
    // The list opens with the typed text as its filter; keys typed before the filter box has the focus are added.
    e.preventDefault();
    if (open) setQuery((q) => q + e.key);
    else if (e.key !== ' ') openWith(e.key);
    else openWith('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !e.altKey && !e.shiftKey) {
      e.preventDefault();
      const option = items[active];
      if (option) choose(option);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      tabAway.current = e.shiftKey ? -1 : 1;
      const option = items[active];
      if (query.trim() && option && !option.disabled) choose(option);
      else setOpen(false);
    }
  }

  return (
    <Popover open={open} onOpenChange={(next) => (next ? openWith('') : setOpen(false))}>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          ref={triggerRef}
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-required={required || undefined}
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
          aria-label={aria['aria-label']}
          data-empty={!selected && !clearLabel ? '' : undefined}
          onKeyDown={onTriggerKeyDown}
          // A Space typed while the list opens must not press the button again (that would close it).
          onKeyUp={(e) => e.key === ' ' && open && e.preventDefault()}
          className={cn(
            'flex h-10 w-full min-w-0 items-center justify-between gap-2 rounded-md border border-input bg-card px-3 py-2 text-left text-base shadow-xs transition-[color,box-shadow] outline-none md:text-sm',
            'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/30',
            'aria-invalid:border-destructive disabled:cursor-not-allowed disabled:opacity-60',
            className,
          )}
        >
          <span className={cn('truncate', !selected && 'text-muted-foreground')}>
            {selected ? selected.label : placeholder}
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 opacity-60" aria-hidden />
        </button>
      </PopoverTrigger>
      <PopoverContent
        className="w-(--radix-popover-trigger-width) min-w-64 p-0"
        onOpenAutoFocus={(e) => {
          // Radix would select the filter's text: what was typed on the button would be replaced by the next key.
          e.preventDefault();
          const input = inputRef.current;
          input?.focus();
          input?.setSelectionRange(input.value.length, input.value.length);
        }}
        onCloseAutoFocus={(e) => {
          const dir = tabAway.current;
          tabAway.current = null;
          if (dir === null || !triggerRef.current) return;
          e.preventDefault();
          if (!focusAdjacentTabbable(triggerRef.current, dir)) triggerRef.current.focus();
        }}
      >
        <div className="flex items-center gap-2 rounded-t-md border-b px-3 focus-within:ring-2 focus-within:ring-ring/30 focus-within:ring-inset">
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <input
            ref={inputRef}
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder={searchPlaceholder}
            aria-label={searchPlaceholder}
            aria-controls={listId}
            aria-activedescendant={items[active] ? `${listId}-${active}` : undefined}
            role="combobox"
            aria-expanded
            aria-autocomplete="list"
            className="h-10 w-full bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
          />
        </div>
        <ul ref={listRef} id={listId} role="listbox" className="max-h-64 overflow-y-auto p-1">
          {items.length === 0 && (
            <li className="px-2 py-6 text-center text-sm text-muted-foreground">{emptyText}</li>
          )}
          {items.map((o, i) => (
            <li
              key={o.value || '__none'}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={o.value === (value ?? '')}
              aria-disabled={o.disabled || undefined}
              aria-describedby={o.tag ? `${listId}-${i}-tag` : undefined}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(o)}
              className={cn(
                'flex cursor-default items-start gap-2 rounded-sm px-2 py-2 text-sm',
                i === active && 'bg-accent text-accent-foreground',
                o.disabled && 'opacity-50',
              )}
            >
              <CheckIcon
                className={cn(
                  'mt-0.5 size-4 shrink-0',
                  o.value === (value ?? '') ? 'opacity-100' : 'opacity-0',
                )}
                aria-hidden
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate">{o.label}</span>
                {o.detail && <span className="block truncate text-xs text-muted-foreground">{o.detail}</span>}
              </span>
              {o.tag && (
                <span
                  id={`${listId}-${i}-tag`}
                  aria-hidden
                  className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs text-primary"
                >
                  {o.tag}
                </span>
              )}
            </li>
          ))}
          {hidden > 0 && (
            <li className="px-2 py-2 text-center text-xs text-muted-foreground" aria-live="polite">
              {hidden} más: escriba para acotar la búsqueda
            </li>
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
