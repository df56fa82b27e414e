import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  CalendarPlusIcon,
  KeyboardIcon,
  Loader2Icon,
  SearchIcon,
  StethoscopeIcon,
  UserRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@ips/shared/catalogs/roles';
import { countOf } from '@ips/shared/format';
import { NAV_ITEMS, canSee } from '@/app/nav';
import {
  SERVER_SEARCH_MIN,
  entryChoice,
  paletteGroups,
  type PaletteChoice,
  type PaletteEntry,
  type PaletteGroup,
} from '@/app/keyboard/palette-entries';
import { useDoctorSearch } from '@/app/keyboard/doctor-search';
import { ComboKeys, ShortcutHint } from '@/components/kbd';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { usePatientSearch } from '@/features/appointments/api/patients';
import { listKeyAction } from '@/features/appointments/utils/list-navigation';
import { shortcut, type ShortcutId } from '@/lib/shortcuts';
import { useDebounced } from '@/lib/use-debounced';
import { cn } from '@/lib/utils';

const SEARCH_DELAY_MS = 250;

/** The keys the palette answers to, shown at its foot (from the shortcut registry). */
const FOOTER_KEYS: { id: ShortcutId; text: string }[] = [
  { id: 'list-move', text: 'moverse' },
  { id: 'list-pick', text: 'abrir' },
  { id: 'close', text: 'cerrar' },
];

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (choice: PaletteChoice) => void;
  /** The shell decides where the focus goes once the palette has closed (back, or to what was opened). */
  onCloseAutoFocus: (event: Event) => void;
  role: Role | undefined;
  canBook: boolean;
  /** What was typed while the palette was opening (the field starts with it), and the end of that collecting. */
  typedAhead: { read: () => string; end: () => void };
}

/** Ctrl/Cmd+K: find a page, a patient, a doctor or an action by typing, and open it with Enter. */
export default function CommandPalette({
  open,
  onOpenChange,
  onCloseAutoFocus,
  ...body
}: CommandPaletteProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        showClose={false}
        // A fixed height, so the box does not jump while results come and go. The dialog's body is the one scroll
        // area, with the search field pinned at its top: axe wants a scrolling region to hold a focusable element.
        className="h-[min(34rem,85dvh)] max-w-xl flex-1 gap-0 p-0"
        onCloseAutoFocus={onCloseAutoFocus}
        data-testid="command-palette"
      >
        <DialogTitle className="sr-only">Buscar en la aplicación</DialogTitle>
        <DialogDescription className="sr-only">
          Escriba para buscar páginas, pacientes, doctores y acciones; use las flechas para moverse y Enter
          para abrir.
        </DialogDescription>
        {open && <PaletteBody {...body} />}
      </DialogContent>
    </Dialog>
  );
}

const ICONS: Record<PaletteEntry['kind'], LucideIcon> = {
  action: CalendarPlusIcon,
  page: SearchIcon,
  patient: UserRoundIcon,
  doctor: StethoscopeIcon,
};

function entryIcon(entry: PaletteEntry): LucideIcon {
  if (entry.kind === 'page') return NAV_ITEMS.find((i) => i.path === entry.path)?.icon ?? SearchIcon;
  if (entry.kind === 'action' && entry.action === 'shortcut-help') return KeyboardIcon;
  return ICONS[entry.kind];
}

function PaletteBody({
  onChoose,
  role,
  canBook,
  typedAhead,
}: Omit<CommandPaletteProps, 'open' | 'onOpenChange' | 'onCloseAutoFocus'>) {
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState(typedAhead.read);
  // From here on the field itself takes what is typed.
  useEffect(() => typedAhead.end(), [typedAhead]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const text = query.trim();
  const debounced = useDebounced(text, SEARCH_DELAY_MS);
  const serverText = debounced.length >= SERVER_SEARCH_MIN ? debounced : '';
  const patients = usePatientSearch(serverText);
  const doctors = useDoctorSearch(serverText);

  const pages = useMemo(
    () => NAV_ITEMS.filter((i) => canSee(i, role)).map(({ label, path }) => ({ label, path })),
    [role],
  );
  // Below 2 characters the server's answers are not shown; while the next search waits, the last one stays.
  const serverCurrent = text.length >= SERVER_SEARCH_MIN && serverText !== '';
  const groups = useMemo(
    () =>
      paletteGroups({
        query,
        canBook,
        pages,
        patients: serverCurrent ? patients.data : undefined,
        doctors: serverCurrent ? doctors.data : undefined,
      }),
    [query, canBook, pages, serverCurrent, patients.data, doctors.data],
  );
  const flat = groups.flatMap((g) => g.entries);
  const found = flat.findIndex((e) => e.key === activeKey);
  const active = found >= 0 ? found : flat.length > 0 ? 0 : -1;
  const optionId = (index: number) => `${listId}-opcion-${index}`;
  const searching =
    text.length >= SERVER_SEARCH_MIN && (text !== debounced || patients.isFetching || doctors.isFetching);

  function moveTo(index: number) {
    setActiveKey(flat[index]?.key ?? null);
    // The first one with its group's heading above it.
    if (index === 0) listRef.current?.closest('[data-slot="dialog-body"]')?.scrollTo({ top: 0 });
    else
      listRef.current?.querySelector(`#${CSS.escape(optionId(index))}`)?.scrollIntoView({ block: 'nearest' });
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.nativeEvent.isComposing || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'Escape') return; // the dialog closes itself
    const action = listKeyAction(e.key, active, flat.length);
    if (action.type === 'move') {
      e.preventDefault();
      moveTo(action.index);
    } else if (action.type === 'select') {
      e.preventDefault();
      onChoose(entryChoice(flat[action.index]!));
    }
  }

  let index = -1;
  const status = searching
    ? 'Buscando pacientes y doctores…'
    : flat.length === 0
      ? `Sin resultados para «${text}»`
      : countOf(flat.length, 'resultado', 'resultados');

  return (
    <>
      <div className="sticky top-0 z-10 flex shrink-0 items-center gap-2 border-b bg-card px-4 focus-within:ring-[3px] focus-within:ring-ring/50 focus-within:ring-inset">
        <SearchIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <input
          type="text"
          role="combobox"
          aria-label="Buscar páginas, pacientes, doctores y acciones"
          aria-expanded={flat.length > 0}
          aria-controls={flat.length > 0 ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder="Buscar páginas, pacientes, doctores…"
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActiveKey(null);
            listRef.current?.closest('[data-slot="dialog-body"]')?.scrollTo({ top: 0 });
          }}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
        />
        {searching && (
          <Loader2Icon className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden />
        )}
      </div>

      <div ref={listRef} className="p-2">
        {flat.length > 0 ? (
          <div role="listbox" id={listId} aria-label="Resultados">
            {groups.map((group) => (
              <PaletteGroupView key={group.id} group={group} headingId={`${listId}-${group.id}`}>
                {group.entries.map((entry) => {
                  index += 1;
                  const i = index;
                  return (
                    <PaletteOption
                      key={entry.key}
                      id={optionId(i)}
                      entry={entry}
                      active={i === active}
                      onHover={() => setActiveKey(entry.key)}
                      onChoose={() => onChoose(entryChoice(entry))}
                    />
                  );
                })}
              </PaletteGroupView>
            ))}
          </div>
        ) : (
          !searching && (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">
              Sin resultados para «{text}».
              {text.length < SERVER_SEARCH_MIN &&
                ' Escriba al menos 2 caracteres para buscar pacientes y doctores.'}
            </p>
          )
        )}
      </div>

      <div className="sticky bottom-0 z-10 mt-auto flex shrink-0 flex-wrap items-center gap-x-4 gap-y-1 border-t bg-muted px-4 py-2 text-xs text-muted-foreground">
        {FOOTER_KEYS.map(({ id, text }) => (
          <span key={id} className="inline-flex items-center gap-1.5">
            {shortcut(id).combos.map((combo) => (
              <ComboKeys key={combo.key} combo={combo} />
            ))}
            {text}
          </span>
        ))}
        <span role="status" className={cn('ml-auto', !searching && 'sr-only')}>
          {status}
        </span>
      </div>
    </>
  );
}

function PaletteGroupView({
  group,
  headingId,
  children,
}: {
  group: PaletteGroup;
  headingId: string;
  children: ReactNode;
}) {
  return (
    <div role="presentation" className="mb-1 last:mb-0">
      <div id={headingId} aria-hidden className="px-2 pt-2 pb-1 text-xs font-semibold text-muted-foreground">
        {group.label}
      </div>
      <div role="group" aria-labelledby={headingId}>
        {children}
      </div>
    </div>
  );
}

function PaletteOption({
  id,
  entry,
  active,
  onHover,
  onChoose,
}: {
  id: string;
  entry: PaletteEntry;
  active: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const Icon = entryIcon(entry);
  const detail = entry.kind === 'patient' || entry.kind === 'doctor' ? entry.detail : null;
  return (
    <div
      id={id}
      role="option"
      aria-selected={active}
      data-active={active || undefined}
      onMouseMove={active ? undefined : onHover}
      // The focus stays in the search field.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onChoose}
      className={cn(
        // Scrolled into view clear of the pinned search field and key hints.
        'flex scroll-mt-16 scroll-mb-12 cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm',
        active && 'bg-accent text-accent-foreground ring-2 ring-ring/70 ring-inset',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{entry.label}</span>
        {detail && (
          <span
            className={cn(
              'block truncate text-xs',
              active ? 'text-accent-foreground' : 'text-muted-foreground',
            )}
          >
            {detail}
          </span>
        )}
      </span>
      {entry.kind === 'action' && <ShortcutHint id={entry.action} className="text-xs" />}
    </div>
  );
}
