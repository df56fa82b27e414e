import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { useDebounced } from '@/lib/use-debounced';
import { useCie10Search } from '@/components/rips/rips-api';

/**
 * A CIE-10 diagnosis chosen by code or words (accents and case do not matter: the server folds them). The
 * chosen code shows with its name; typing again searches anew.
 */
export function Cie10Picker({
  id,
  value,
  label,
  onChange,
  invalid,
}: {
  id: string;
  value: string | null;
  label?: string | null;
  onChange: (code: string | null, name: string | null) => void;
  invalid?: boolean;
}) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebounced(text, 200);
  const results = useCie10Search(q);
  const listId = useId();
  const shown = open && q.trim().length >= 2 ? (results.data ?? []) : [];
  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        placeholder={value ? `${value} — ${label ?? ''}` : 'Código o palabras (p. ej. J069, cefalea)'}
        value={open ? text : value ? `${value} — ${label ?? ''}` : ''}
        onFocus={() => {
          setOpen(true);
          setText('');
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '') onChange(null, null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && shown[0]) {
            e.preventDefault();
            onChange(shown[0].code, shown[0].name);
            setOpen(false);
          }
        }}
      />
      {shown.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          className="absolute z-50 mt-1 max-h-60 w-full overflow-auto rounded-md border bg-popover text-sm shadow-md"
        >
          {shown.map((d) => (
            <li
              key={d.code}
              role="option"
              aria-selected={d.code === value}
              className="cursor-pointer px-3 py-1.5 hover:bg-accent"
              onMouseDown={(e) => {
                e.preventDefault();
                onChange(d.code, d.name);
                setOpen(false);
              }}
            >
              <span className="font-mono font-medium">{d.code}</span> {d.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
