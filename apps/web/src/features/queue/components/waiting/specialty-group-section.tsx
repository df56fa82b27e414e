import { FileDownIcon, Loader2Icon, PhoneOutgoingIcon } from 'lucide-react';
import { PRIORITY_LEVELS } from '@ips/shared/schemas/queue-entry';
import { countOf } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { WaitingEntry } from '@/features/queue/api/waiting-list';
import { WaitingEntryRow, type EntryAction } from '@/features/queue/components/waiting/waiting-entry-row';
import { countByPriority, type SpecialtyGroup } from '@/features/queue/utils/queue-order';
import { priorityStyle } from '@/features/queue/utils/priority-style';

/**
 * One specialty's waiting patients on the current page, in queue order, under a header that stays in view while
 * they scroll (below the app's header), with the group's counts, its export and its automated-call request.
 */
export function SpecialtyGroupSection({
  group,
  entries,
  continued,
  totalWaiting,
  timezone,
  canManage,
  exporting,
  onAction,
  onCallGroup,
  onExport,
}: {
  /** The whole group as filtered (its counts). */
  group: SpecialtyGroup<WaitingEntry>;
  /** The group's entries on this page. */
  entries: WaitingEntry[];
  /** The group began on an earlier page. */
  continued: boolean;
  /** Everyone waiting for the specialty, filtered or not. */
  totalWaiting: number;
  timezone: string;
  canManage: boolean;
  exporting: boolean;
  onAction: (action: EntryAction, entry: WaitingEntry) => void;
  onCallGroup: () => void;
  onExport: () => void;
}) {
  const counts = countByPriority(group.entries);
  const headingId = `queue-group-${group.specialty_id}`;
  return (
    <section aria-labelledby={headingId} data-testid="queue-group" className="group/section">
      <div
        data-testid="queue-group-header"
        className="sticky top-14 z-10 flex flex-col gap-2 border-y bg-muted px-5 group-first/section:rounded-t-xl group-first/section:border-t-0 py-2.5 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-base font-semibold">
            {group.specialty_name}
            {continued && <span className="font-normal text-muted-foreground"> (continuación)</span>}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>
              {group.entries.length === totalWaiting
                ? `${countOf(totalWaiting, 'paciente', 'pacientes')} en espera`
                : `${group.entries.length} de ${countOf(totalWaiting, 'paciente')}`}
            </span>
            {PRIORITY_LEVELS.filter((p) => counts[p] > 0).map((p) => (
              <span key={p} className="inline-flex items-center gap-1">
                <span className={cn('size-2 rounded-full', priorityStyle(p).dot)} aria-hidden />
                {p}: {counts[p]}
              </span>
            ))}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" onClick={onExport} disabled={exporting}>
            {exporting ? <Loader2Icon className="animate-spin" aria-hidden /> : <FileDownIcon aria-hidden />}
            <span className="sr-only">Exportar PDF de {group.specialty_name}</span>
            <span aria-hidden>PDF</span>
          </Button>
          {canManage && (
            <Button variant="outline" size="sm" onClick={onCallGroup}>
              <PhoneOutgoingIcon aria-hidden />
              Programar llamadas
            </Button>
          )}
        </div>
      </div>
      <ul className="divide-y">
        {entries.map((e) => (
          <WaitingEntryRow
            key={e.id}
            entry={e}
            timezone={timezone}
            canManage={canManage}
            onAction={onAction}
          />
        ))}
      </ul>
    </section>
  );
}
