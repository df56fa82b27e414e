import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon, ChevronsUpDownIcon, SearchIcon } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/utils';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (e.g. department and code). */
  detail?: string;
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
  className?: string;
  /** Rendering cap for long catalogues (e.g. 1.100 municipalities): type to narrow. */
  limit?: number;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Accent- and case-insensitive text for searching. */
export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A searchable single choice: a button that opens a filter box over a list (keyboard: ↑ ↓ Enter Esc). */
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
  className,
  limit = 60,
  ...aria
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((o) => o.value === value) ?? null;

  const { items, hidden } = useMemo(() => {
    const q = foldText(query.trim());
    const all: ComboboxOption[] = [
      // "None" only while not searching, so that Enter picks the first match.
      ...(clearLabel && !q ? [{ value: '', label: clearLabel }] : []),
      ...options.filter((o) => !q || foldText(`${o.label} ${o.detail ?? ''}`).includes(q)),
    ];
    return { items: all.slice(0, limit), hidden: Math.max(0, all.length - limit) };
  }, [options, query, clearLabel, limit]);

  function choose(option: ComboboxOption) {
    if (option.disabled) return;
    onChange(option.value === '' ? null : option.value);
    setOpen(false);
  }

  function move(delta: number) {
    if (items.length === 0) return;
    const next = (active + delta + items.length) % items.length;
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      move(1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      move(-1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const option = items[active];
      if (option) choose(option);
    }
  }

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setQuery('');
          setActive(
            Math.max(
              0,
              items.findIndex((o) => o.value === (value ?? '')),
            ),
          );
        }
      }}
    >
      <PopoverTrigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-invalid={aria['aria-invalid']}
          aria-describedby={aria['aria-describedby']}
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
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64 p-0">
        <div className="flex items-center gap-2 border-b px-3">
          <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <input
            autoFocus
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
              <span className="min-w-0">
                <span className="block truncate">{o.label}</span>
                {o.detail && <span className="block truncate text-xs text-muted-foreground">{o.detail}</span>}
              </span>
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
