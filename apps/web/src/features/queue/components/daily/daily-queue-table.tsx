import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { DailyAppointment } from '@/features/queue/api/daily-queue';
import { DailyStatusButtons } from '@/features/queue/components/daily/daily-status-buttons';

export const hhmm = (text: string) => text.slice(11, 16);

/**
 * What the appointments feature draws in each row (its status badge, its actions menu): the page composes them
 * in (app/routes/daily-queue-page.tsx), so the queue does not reach into another feature.
 */
export interface DailyAppointmentSlots {
  renderStatus: (status: string) => ReactNode;
  renderActions: (appointment: DailyAppointment) => ReactNode;
}

/** One page of the day, as the table (wide screens) and the cards (narrow ones) draw it. */
export type DailyListProps = {
  appointments: DailyAppointment[];
  /** The place of the page's first row in the whole filtered list (0-based), for the # column. */
  offset: number;
  /** The appointment to attend next, highlighted. */
  nextId: number | null;
  canChange: boolean;
  /** The day shown is today or past: attended can be recorded. */
  canComplete: boolean;
} & DailyAppointmentSlots;

export const isClosed = (a: DailyAppointment) => a.status === 'Cancelada' || a.status === 'Completada';

export function NextBadge({ className }: { className?: string }) {
  return (
    <Badge variant="default" className={className}>
      Siguiente
    </Badge>
  );
}

/**
 * The page as a table whose column header stays in view under the app's header while the rows scroll. It is a
 * plain <table>, not the ui Table: that one wraps the table in a horizontal scroller, and a sticky header inside
 * a scroller sticks to the scroller, not to the page. The view uses it only where it fits (a card ≥ 960 px).
 */
export function DailyQueueTable({
  appointments,
  offset,
  nextId,
  canChange,
  canComplete,
  renderStatus,
  renderActions,
}: DailyListProps) {
  return (
    <table aria-label="Citas del día" className="w-full caption-bottom text-sm">
      <TableHeader
        data-testid="daily-header"
        className="sticky top-14 z-10 bg-card shadow-[inset_0_-1px_0_var(--color-border)] [&_tr]:border-0"
      >
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-14">#</TableHead>
          <TableHead>Hora</TableHead>
          <TableHead>Paciente</TableHead>
          <TableHead>Especialidad y doctor</TableHead>
          <TableHead>Sede</TableHead>
          <TableHead>Estado</TableHead>
          {canChange && <TableHead className="text-right">Acciones</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {appointments.map((a, i) => {
          const closed = isClosed(a);
          return (
            <TableRow
              key={a.id}
              data-testid="daily-row"
              data-appointment-id={a.id}
              className={cn(a.id === nextId && 'bg-primary/5', closed && 'text-muted-foreground')}
            >
              <TableCell className="tabular-nums">{offset + i + 1}</TableCell>
              <TableCell className="tabular-nums">
                <p className="whitespace-nowrap">
                  <span className="font-medium text-foreground">{hhmm(a.scheduled_at)}</span>
                  <span className="text-muted-foreground"> – {hhmm(a.ends_at)}</span>
                </p>
                {a.id === nextId && <NextBadge className="mt-1" />}
              </TableCell>
              <TableCell>
                <p className={cn('font-medium', !closed && 'text-foreground')}>{a.patient_name}</p>
                <p className="text-xs text-muted-foreground">
                  {a.patient_document}
                  {a.patient_phone ? ` · ${a.patient_phone}` : ''}
                </p>
              </TableCell>
              <TableCell>
                <p>{a.specialty_name}</p>
                <p className="text-xs text-muted-foreground">{a.doctor_name}</p>
              </TableCell>
              <TableCell className="max-w-48 truncate" title={a.location_name}>
                {a.location_name}
              </TableCell>
              <TableCell>{renderStatus(a.status)}</TableCell>
              {canChange && (
                <TableCell>
                  <div className="flex items-center justify-end gap-1">
                    <DailyStatusButtons appointment={a} canComplete={canComplete} />
                    {renderActions(a)}
                  </div>
                </TableCell>
              )}
            </TableRow>
          );
        })}
      </TableBody>
    </table>
  );
}
