import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2Icon, SearchIcon, UserIcon } from 'lucide-react';
import { focusNextEmptyField } from '@/components/ui/focus-fields';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import {
  PATIENT_SEARCH_MIN,
  usePatientSearch,
  type PatientOption,
} from '@/features/appointments/api/patients';
import { useDebouncedValue } from '@/features/appointments/hooks/use-debounced-value';
import { listKeyAction } from '@/features/appointments/utils/list-navigation';

/** Once React has replaced the search by the patient's card, the focus goes on from there. */
function focusOnceReplaced(search: HTMLElement, anchor: HTMLElement, tries = 20) {
  window.setTimeout(() => {
    if (!search.isConnected) focusNextEmptyField(anchor);
    else if (tries > 0) focusOnceReplaced(search, anchor, tries - 1);
  }, 10);
}

interface PatientSearchProps {
  onSelect: (patient: PatientOption) => void;
  autoFocus?: boolean;
  /** Label read by screen readers (and shown when `showLabel`). */
  label?: string;
  'aria-invalid'?: boolean;
}

/**
 * Live patient suggestions (spec §2, §9): from 2 characters, 300 ms after the last key, at most 20; ↑ ↓ move,
 * Enter picks the highlighted or the only suggestion (also when pressed before the suggestions arrived), Escape
 * closes the list. After a pick the focus goes on to the dialog's next empty field, past the chosen patient's card.
 */
export function PatientSearch({
  onSelect,
  autoFocus,
  label = 'Buscar paciente',
  ...aria
}: PatientSearchProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** Enter was pressed while the suggestions for the text were still on their way. */
  const [enterPending, setEnterPending] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const debounced = useDebouncedValue(text, 300);
  const search = usePatientSearch(debounced);
  const listId = useId();
  const ready = debounced.trim().length >= PATIENT_SEARCH_MIN;
  const results = ready ? (search.data ?? []) : [];
  const waiting = text.trim().length >= PATIENT_SEARCH_MIN && (text !== debounced || search.isFetching);
  const showList = open && text.trim().length >= PATIENT_SEARCH_MIN;

  const pick = (p: PatientOption) => {
    // The search gives way to the patient's card; the block around it stays and marks where to go on from.
    const self = root.current;
    const anchor = self?.parentElement;
    onSelect(p);
    setOpen(false);
    setText('');
    setActive(-1);
    setEnterPending(false);
    if (!self || !anchor) return;
    // The fields after the patient are already on screen (only the card is new): go on to them at once, so that
    // what is typed next lands there. With all of them filled, the action is the target, once it is enabled.
    if (!focusNextEmptyField(anchor)) focusOnceReplaced(self, anchor);
  };

  useEffect(() => {
    if (!enterPending || waiting) return;
    setEnterPending(false);
    if (results.length === 1) pick(results[0]!);
    // pick is recreated every render; only the arrival of the results matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enterPending, waiting, results]);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // Ctrl+Enter belongs to the dialog (submit-shortcut.ts).
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Enter' && waiting) {
      e.preventDefault();
      setEnterPending(true);
      return;
    }
    const action = listKeyAction(e.key, active, results.length);
    if (action.type === 'none') {
      if (e.key === 'ArrowDown') setOpen(true);
      return;
    }
    e.preventDefault();
    if (action.type === 'move') {
      setOpen(true);
      setActive(action.index);
      document.getElementById(`${listId}-${action.index}`)?.scrollIntoView({ block: 'nearest' });
    } else if (action.type === 'select') pick(results[action.index]!);
    else if (open) {
      // Escape closes the suggestions first; a second Escape reaches the dialog.
      e.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div ref={root} className="relative">
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        role="combobox"
        aria-label={label}
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        autoFocus={autoFocus}
        className="pr-9 pl-9"
        placeholder="Buscar paciente por nombre o documento..."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
          setEnterPending(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        {...aria}
      />
      {waiting && (
        <Loader2Icon
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-label="Buscando"
        />
      )}
      {showList && !waiting && (
        <div className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border bg-popover shadow-lg">
          {results.length === 0 ? (
            <div className="px-4 py-5 text-center" role="status">
              <p className="text-sm font-medium">No se encontraron pacientes</p>
              <p className="text-xs text-muted-foreground">Intenta con otro nombre o documento</p>
            </div>
          ) : (
            <ul
              id={listId}
              role="listbox"
              aria-label="Pacientes encontrados"
              className="max-h-64 overflow-y-auto p-1"
            >
              {results.map((p, i) => (
                <li
                  key={p.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === active}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-sm px-3 py-2 text-sm',
                    i === active ? 'bg-accent text-accent-foreground' : 'hover:bg-muted',
                  )}
                  // mousedown, not click: the input's blur would close the list before the click lands.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    pick(p);
                  }}
                  onMouseEnter={() => setActive(i)}
                >
                  <UserIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{p.name}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {p.document_type} {p.document}
                      {p.phone ? ` · ${p.phone}` : ''}
                      {p.eps_name ? ` · ${p.eps_name}` : ''}
                    </span>
                  </span>
                  {p.status === 'Inactivo' && <span className="text-xs text-muted-foreground">Inactivo</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
