import type { ReactNode } from 'react';
import {
  CalendarPlusIcon,
  EllipsisVerticalIcon,
  FileCodeIcon,
  PhoneOutgoingIcon,
  UserMinusIcon,
} from 'lucide-react';
import { formatDate, formatDateTime } from '@ips/shared/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { WaitingEntry } from '@/features/queue/api/waiting-list';
import { HighRiskBadge, PriorityBadge } from '@/features/queue/components/waiting/priority-badge';
import { estimatedWaitMinutes, formatTimeWaiting, formatWait } from '@/features/queue/utils/wait-time';

export type EntryAction = 'assign' | 'cups' | 'calls' | 'remove';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-[0.6875rem] font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="truncate text-sm tabular-nums">{children}</dd>
    </div>
  );
}

/** One waiting patient: place, who, why, how long, and the actions for those who manage the queue. */
export function WaitingEntryRow({
  entry: e,
  timezone,
  canManage,
  onAction,
}: {
  entry: WaitingEntry;
  timezone: string;
  canManage: boolean;
  onAction: (action: EntryAction, entry: WaitingEntry) => void;
}) {
  const position = e.queue_position ?? e.position;
  return (
    <li
      className="grid grid-cols-[2.25rem_minmax(0,1fr)_auto] gap-x-3 gap-y-2 px-5 py-3 [grid-template-areas:'pos_who_act'_'._info_info'] md:grid-cols-[2.5rem_minmax(0,2fr)_minmax(0,1.2fr)_auto] md:items-center md:[grid-template-areas:'pos_who_info_act']"
      data-testid="queue-entry"
      aria-label={`${e.patient_name}, ${e.priority_level}`}
    >
      <span
        className="flex size-9 items-center justify-center rounded-full bg-muted text-sm font-semibold tabular-nums [grid-area:pos]"
        title="Posición en la cola"
        data-testid="queue-entry-position"
      >
        {position ?? '—'}
      </span>
      <div className="min-w-0 space-y-1 [grid-area:who]">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <p className="min-w-0 font-medium break-words md:truncate">{e.patient_name}</p>
          <PriorityBadge level={e.priority_level} />
          {e.high_risk_pregnancy && <HighRiskBadge />}
          {e.call_type === 'reagendar' && <Badge variant="outline">Reagendar</Badge>}
          {e.status === 'assigned' && (
            <Badge variant="secondary">
              En atención{e.assigned_user_name ? `: ${e.assigned_user_name}` : ''}
            </Badge>
          )}
          {e.slot_offer && (
            <Badge variant="success" title={e.slot_offer.reason}>
              Cupo ofrecido: {formatDate(e.slot_offer.scheduled_at.slice(0, 10))}{' '}
              {e.slot_offer.scheduled_at.slice(11, 16)} · {e.slot_offer.doctor_name}
            </Badge>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          {e.patient_document}
          {e.patient_phone ? ` · ${e.patient_phone}` : ' · Sin teléfono'}
        </p>
        {e.reason && (
          <p className="line-clamp-1 text-sm text-foreground/80" title={e.reason}>
            <span className="text-muted-foreground">Motivo: </span>
            {e.reason}
          </p>
        )}
      </div>
      <div className="min-w-0 [grid-area:info]">
        <dl className="grid grid-cols-3 gap-x-4 gap-y-2">
          <Detail label="Espera">{formatTimeWaiting(e.wait_minutes)}</Detail>
          <Detail label="Estimado">{position ? formatWait(estimatedWaitMinutes(position)) : '—'}</Detail>
          <Detail label="CUPS">
            <span title={e.cups_name ?? undefined}>{e.cups_code ?? 'Sin CUPS'}</span>
          </Detail>
        </dl>
        <p className="mt-1 text-xs text-muted-foreground">
          Ingresó {formatDateTime(e.created_at, timezone)}
          {e.created_by_name ? ` · por ${e.created_by_name}` : ''}
        </p>
      </div>
      {canManage && (
        <div className="flex items-start justify-end gap-1 [grid-area:act] md:items-center">
          <Button
            size="sm"
            onClick={() => onAction('assign', e)}
            aria-label={`Asignar cita a ${e.patient_name}`}
          >
            <CalendarPlusIcon aria-hidden />
            <span className="hidden sm:inline">Asignar</span>
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={`Más acciones para ${e.patient_name}`}>
                <EllipsisVerticalIcon aria-hidden />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onAction('cups', e)}>
                <FileCodeIcon aria-hidden />
                Editar CUPS
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onAction('calls', e)}>
                <PhoneOutgoingIcon aria-hidden />
                Solicitar llamada automática
              </DropdownMenuItem>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                onSelect={() => onAction('remove', e)}
                className="text-destructive focus:text-destructive"
              >
                <UserMinusIcon aria-hidden />
                Retirar de la cola
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      )}
    </li>
  );
}
