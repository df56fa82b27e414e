import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';
import { searchEntities, type Picked } from '@/lib/entity-search';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 250;

export type { Picked };

/**
 * A doctor or service picker (Facturación's filters, spec §2; the service at attendance): suggestions from 2
 * characters, 250 ms after the last key; choosing one sets it, the × clears it.
 */
export function EntityAutocomplete({
  kind,
  label,
  placeholder,
  value,
  onChange,
  autoFocus,
}: {
  kind: 'doctors' | 'services';
  autoFocus?: boolean;
  label: string;
  placeholder: string;
  value: Picked | null;
  onChange: (v: Picked | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const options = useQuery({
    queryKey: ['autocomplete', kind, q],
    queryFn: ({ signal }) => searchEntities(kind, q, signal),
    enabled: open && q.length >= MIN_CHARS && value === null,
    staleTime: 60_000,
  });
  const list = options.data ?? [];
  const pick = (p: Picked) => {
    onChange(p);
    setText('');
    setOpen(false);
  };
  const showList = open && value === null && q.length >= MIN_CHARS;

  return (
    <div className="relative flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {value ? (
        <div className="flex h-9 items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 text-sm">
          <span className="truncate" title={value.name}>
            {value.name}
          </span>
          <button
            type="button"
            className="rounded p-0.5 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={`Quitar ${label.toLowerCase()}`}
            onClick={() => onChange(null)}
          >
            <XIcon className="size-4" aria-hidden />
          </button>
        </div>
      ) : (
        <Input
          id={id}
          autoFocus={autoFocus}
          role="combobox"
          aria-expanded={showList}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (!showList || list.length === 0) return;
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setActive((a) => Math.min(a + 1, list.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => Math.max(a - 1, 0));
            } else if (e.key === 'Enter') {
              e.preventDefault();
              pick(list[active]!);
            } else if (e.key === 'Escape') setOpen(false);
          }}
        />
      )}
      {showList && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={label}
          className="absolute top-full z-20 mt-1 max-h-60 w-full overflow-y-auto rounded-md border bg-popover p-1 text-sm shadow-md"
        >
          {options.isFetching && list.length === 0 ? (
            <li className="px-2 py-1.5 text-muted-foreground">Buscando…</li>
          ) : list.length === 0 ? (
            <li className="px-2 py-1.5 text-muted-foreground">Sin resultados</li>
          ) : (
            list.map((o, i) => (
              <li
                key={o.id}
                role="option"
                aria-selected={i === active}
                className={cn(
                  'cursor-pointer rounded px-2 py-1.5',
                  i === active && 'bg-accent text-accent-foreground',
                )}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => pick(o)}
              >
                {o.name}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
