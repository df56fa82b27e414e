import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import type { DailyAppointment } from '@/features/queue/api/daily-queue';
import { DailyStatusButtons } from '@/features/queue/components/daily/daily-status-buttons';

const hhmm = (text: string) => text.slice(11, 16);

/**
 * What the appointments feature draws in each row (its status badge, its actions menu): the page composes them
 * in (app/routes/daily-queue-page.tsx), so the queue does not reach into another feature.
 */
export interface DailyAppointmentSlots {
  renderStatus: (status: string) => ReactNode;
  renderActions: (appointment: DailyAppointment) => ReactNode;
}

export function DailyQueueTable({
  appointments,
  nextId,
  canChange,
  canComplete,
  renderStatus,
  renderActions,
}: {
  appointments: DailyAppointment[];
  /** The appointment to attend next, highlighted. */
  nextId: number | null;
  canChange: boolean;
  /** The day shown is today or past: attended can be recorded. */
  canComplete: boolean;
} & DailyAppointmentSlots) {
  return (
    <Table aria-label="Citas del día">
      <TableHeader>
        <TableRow>
          <TableHead className="w-12">#</TableHead>
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
          const closed = a.status === 'Cancelada' || a.status === 'Completada';
          return (
            <TableRow
              key={a.id}
              data-testid="daily-row"
              className={cn(a.id === nextId && 'bg-primary/5', closed && 'text-muted-foreground')}
            >
              <TableCell className="tabular-nums">{i + 1}</TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                <span className="font-medium text-foreground">{hhmm(a.scheduled_at)}</span>
                <span className="text-muted-foreground"> – {hhmm(a.ends_at)}</span>
                {a.id === nextId && (
                  <Badge variant="default" className="ml-2">
                    Siguiente
                  </Badge>
                )}
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
    </Table>
  );
}
