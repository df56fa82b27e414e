import { useState } from 'react';
import {
  ArrowRightLeftIcon,
  CalendarClockIcon,
  CalendarX2Icon,
  ChevronDownIcon,
  ClockIcon,
  EyeIcon,
  FileSpreadsheetIcon,
  MapPinIcon,
  PencilIcon,
  PrinterIcon,
  StethoscopeIcon,
} from 'lucide-react';
import { formatDate } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Agenda } from '@/features/agendas/api/agendas';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { useAgendaSlots } from '@/features/agendas/components/agenda-slots';
import { OccupancyBar } from '@/features/agendas/components/occupancy-bar';
import { useAgendaExports } from '@/features/agendas/hooks/use-agenda-exports';
import { useCanCancelAgendas, useCanManageAgendas } from '@/features/agendas/hooks/use-agenda-permissions';
import { useOrgClock } from '@/features/agendas/hooks/use-org-clock';
import {
  agendaEnded,
  agendaStatusLabel,
  agendaStatusVariant,
  timeRange,
} from '@/features/agendas/utils/agenda-display';
import { occupancyPercent } from '@/features/agendas/utils/occupancy';

/** One agenda of the daily list; expands to its notes and actions (spec §2 "Daily agenda list"). */
export function AgendaCard({ agenda, showDate }: { agenda: Agenda; showDate?: boolean }) {
  const [open, setOpen] = useState(false);
  const dialogs = useAgendaDialogs();
  const { renderAgendaActions } = useAgendaSlots();
  const canManage = useCanManageAgendas();
  const canCancel = useCanCancelAgendas();
  const exports = useAgendaExports();
  const { today, nowMinutes } = useOrgClock();
  const isActive = agenda.status === 'Activa';
  const status = agendaStatusLabel(agenda, today, nowMinutes);
  // Once an agenda is over, its attended appointments (Completada, which hold no slot) count as occupied too,
  // or a finished day would read 0 %.
  const used =
    agenda.status !== 'Cancelada' && agendaEnded(agenda, today, nowMinutes)
      ? Math.min(agenda.capacity, agenda.booked_slots + (agenda.completed_slots ?? 0))
      : agenda.booked_slots;
  const scope = { date: agenda.date, agenda };
  const panelId = `agenda-${agenda.id}-panel`;

  return (
    <article
      aria-label={`Agenda de ${agenda.doctor_name}`}
      className={cn('rounded-lg border bg-card shadow-xs', agenda.status === 'Cancelada' && 'opacity-75')}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex w-full flex-col gap-2 rounded-lg p-4 text-left outline-none hover:bg-muted/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <div className="flex w-full items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{agenda.doctor_name}</p>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <StethoscopeIcon className="size-3.5" aria-hidden />
                {agenda.specialty_name}
              </span>
              <span className="inline-flex items-center gap-1">
                <MapPinIcon className="size-3.5" aria-hidden />
                {agenda.location_name}
              </span>
              <span className="inline-flex items-center gap-1">
                <ClockIcon className="size-3.5" aria-hidden />
                {showDate && `${formatDate(agenda.date)} · `}
                {timeRange(agenda.start_time, agenda.end_time)}
              </span>
            </p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <Badge variant={agendaStatusVariant(status)}>{status}</Badge>
            <ChevronDownIcon
              className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')}
              aria-hidden
            />
          </div>
        </div>
        <div className="flex w-full items-center gap-3">
          <OccupancyBar used={used} total={agenda.capacity} label="Ocupación de la agenda" />
          <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
            {used}/{agenda.capacity} · {occupancyPercent(used, agenda.capacity)} %
          </span>
        </div>
      </button>

      {open && (
        <div id={panelId} className="space-y-3 border-t px-4 pt-3 pb-4">
          <p className="text-sm">
            <span className="font-medium">Notas: </span>
            <span className="text-muted-foreground">{agenda.notes || 'Sin notas'}</span>
          </p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => dialogs.open({ kind: 'details', agenda })}>
              <EyeIcon aria-hidden />
              Ver detalles
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={exports.busy !== null}
              onClick={() => void exports.exportPdf(scope)}
            >
              <PrinterIcon aria-hidden />
              Imprimir (PDF)
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={exports.busy !== null}
              onClick={() => void exports.exportExcel(scope)}
            >
              <FileSpreadsheetIcon aria-hidden />
              Exportar Excel
            </Button>
            {canManage && (
              <>
                <Button size="sm" variant="outline" onClick={() => dialogs.open({ kind: 'edit', agenda })}>
                  <PencilIcon aria-hidden />
                  Editar agenda
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => dialogs.open({ kind: 'transfer', agenda })}
                >
                  <ArrowRightLeftIcon aria-hidden />
                  Transferir a otra fecha
                </Button>
              </>
            )}
            {renderAgendaActions?.(agenda)}
            {canCancel && isActive && (
              <Button
                size="sm"
                variant="outline"
                className="text-destructive"
                onClick={() => dialogs.open({ kind: 'cancel', agenda })}
              >
                <CalendarX2Icon aria-hidden />
                Cancelar o Reagendar
              </Button>
            )}
            {/* Reception reschedules but does not cancel a whole agenda (decision 020). */}
            {canManage && !canCancel && isActive && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => dialogs.open({ kind: 'reschedule', agenda })}
              >
                <CalendarClockIcon aria-hidden />
                Reagendar
              </Button>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
