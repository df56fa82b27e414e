import { cn } from '@/lib/utils';
import {
  hhmm,
  isClosed,
  NextBadge,
  type DailyListProps,
} from '@/features/queue/components/daily/daily-queue-table';
import { DailyStatusButtons } from '@/features/queue/components/daily/daily-status-buttons';

/**
 * The page as a list of compact cards, for screens too narrow for the table's seven columns: time and status on
 * the first line, then the patient, the specialty, doctor and site, and the actions.
 */
export function DailyQueueCards({
  appointments,
  offset,
  nextId,
  canChange,
  canComplete,
  renderStatus,
  renderActions,
}: DailyListProps) {
  return (
    <ol aria-label="Citas del día" className="-mx-5 divide-y border-y">
      {appointments.map((a, i) => {
        const closed = isClosed(a);
        return (
          <li
            key={a.id}
            data-testid="daily-row"
            data-appointment-id={a.id}
            className={cn(
              'space-y-1 px-5 py-3 text-sm',
              a.id === nextId && 'bg-primary/5',
              closed && 'text-muted-foreground',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <p className="tabular-nums">
                <span className="mr-2 text-xs text-muted-foreground">{offset + i + 1}.</span>
                <span className="font-medium text-foreground">{hhmm(a.scheduled_at)}</span>
                <span className="text-muted-foreground"> – {hhmm(a.ends_at)}</span>
                {a.id === nextId && <NextBadge />}
              </p>
              {renderStatus(a.status)}
            </div>
            <p className={cn('font-medium', !closed && 'text-foreground')}>
              {a.patient_name}
              <span className="font-normal text-muted-foreground">
                {' · '}
                {a.patient_document}
                {a.patient_phone ? ` · ${a.patient_phone}` : ''}
              </span>
            </p>
            <p className="text-xs text-muted-foreground">
              {a.specialty_name} · {a.doctor_name} · {a.location_name}
            </p>
            {canChange && (
              <div className="flex items-center justify-end gap-1 pt-1">
                <DailyStatusButtons appointment={a} canComplete={canComplete} />
                {renderActions(a)}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
