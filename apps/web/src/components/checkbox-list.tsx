import { useId, useState } from 'react';
import { countOf } from '@ips/shared/format';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { matches } from '@/lib/search';
import { cn } from '@/lib/utils';

export interface CheckOption {
  id: number;
  name: string;
  detail?: string;
  disabled?: boolean;
}

interface CheckboxListProps {
  /** The group's name (fieldset legend). */
  legend: string;
  options: readonly CheckOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: string;
  /** A filter box above the list when it is long. */
  searchable?: boolean;
  emptyText?: string;
  className?: string;
  /** Overrides the scrolling box (height, columns). */
  listClassName?: string;
  disabled?: boolean;
  required?: boolean;
}

/** A fieldset of checkboxes in a scrolling box, with a count of the chosen ones. */
export function CheckboxList({
  legend,
  options,
  value,
  onChange,
  error,
  searchable = options.length > 8,
  emptyText = 'No hay opciones disponibles',
  className,
  listClassName,
  disabled,
  required,
}: CheckboxListProps) {
  const [query, setQuery] = useState('');
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const visible = options.filter((o) => matches(query, o.name, o.detail));
  const chosen = new Set(value);

  function toggle(id: number, on: boolean) {
    onChange(on ? [...value, id] : value.filter((v) => v !== id));
  }

  return (
    <fieldset
      className={cn('grid gap-2', className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      disabled={disabled}
    >
      <legend className="mb-1.5 flex w-full items-center justify-between gap-2 text-sm font-medium">
        <span>
          {legend}
          {required && (
            <span className="ml-1 text-destructive" aria-hidden>
              *
            </span>
          )}
        </span>
        <span className="text-xs font-normal text-muted-foreground">
          {countOf(value.length, 'seleccionada', 'seleccionadas')}
        </span>
      </legend>
      {searchable && (
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Filtrar…"
          aria-label={`Filtrar ${legend.toLowerCase()}`}
          className="h-9"
        />
      )}
      <div
        className={cn(
          'grid max-h-52 gap-0.5 overflow-y-auto rounded-md border p-1.5 sm:grid-cols-2',
          error && 'border-destructive',
          listClassName,
        )}
      >
        {visible.length === 0 && (
          <p className="col-span-full px-2 py-4 text-center text-sm text-muted-foreground">{emptyText}</p>
        )}
        {visible.map((o) => {
          const id = `${baseId}-${o.id}`;
          return (
            <label
              key={o.id}
              htmlFor={id}
              className={cn(
                'flex min-h-9 cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted',
                o.disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <Checkbox
                id={id}
                checked={chosen.has(o.id)}
                disabled={o.disabled}
                onCheckedChange={(c) => toggle(o.id, c === true)}
              />
              <span className="min-w-0">
                <span className="block truncate">{o.name}</span>
                {o.detail && <span className="block truncate text-xs text-muted-foreground">{o.detail}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
