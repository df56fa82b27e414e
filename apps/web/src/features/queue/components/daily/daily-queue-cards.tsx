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
 * the first line, then the patient, the specialty, doctor and site; the actions below on a phone, beside from
 * 640 px on.
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
              'flex flex-col gap-1 px-5 py-3 text-sm sm:flex-row sm:items-center sm:gap-4',
              a.id === nextId && 'bg-primary/5',
              closed && 'text-muted-foreground',
            )}
          >
            <div className="min-w-0 flex-1 space-y-1">
              <div className="flex items-center justify-between gap-2">
                <p className="tabular-nums">
                  <span className="mr-2 text-xs text-muted-foreground">{offset + i + 1}.</span>
                  <span className="font-medium text-foreground">{hhmm(a.scheduled_at)}</span>
                  <span className="text-muted-foreground"> – {hhmm(a.ends_at)}</span>
                  {a.id === nextId && <NextBadge className="ml-2" />}
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
            </div>
            {canChange && (
              <div className="flex shrink-0 items-center justify-end gap-1 pt-1 sm:w-40 sm:pt-0">
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
