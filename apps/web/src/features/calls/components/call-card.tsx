import { useState } from 'react';
import {
  ArrowRightLeftIcon,
  ChevronDownIcon,
  PauseIcon,
  PhoneForwardedIcon,
  PhoneOffIcon,
} from 'lucide-react';
import { CALL_CONSTANTS, CALL_TYPE_LABELS, type CallDto, type CallType } from '@ips/shared/schemas/calls';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { CallPriorityBadge, PRIORITY_EDGE } from '@/features/calls/components/call-badges';
import { CallMedia } from '@/features/calls/components/call-media';
import { formatPhone, formatSeconds, liveSeconds, longCallPercent } from '@/features/calls/utils/format';

export type CallCardAction = 'attend' | 'transfer' | 'hold' | 'end';

/**
 * One call on the dashboard: who, what, how long, the long-call bar (duration against 1,800 s) and the actions
 * its status allows (active: transferir, en espera, finalizar; waiting: atender, finalizar).
 */
export function CallCard({
  call,
  readAt,
  now,
  canWork,
  onAction,
}: {
  call: CallDto;
  /** When the data was fetched: durations keep counting from there. */
  readAt: number;
  now: number;
  canWork: boolean;
  onAction: (action: CallCardAction, call: CallDto) => void;
}) {
  const [open, setOpen] = useState(false);
  const duration = liveSeconds(call.duration, readAt, now);
  const wait = call.current_wait === null ? null : liveSeconds(call.current_wait, readAt, now);
  const pct = longCallPercent(duration);
  const long = duration >= CALL_CONSTANTS.longCallSeconds;
  const hasMedia = Boolean(call.audio_url || call.transcript);
  return (
    <li
      className={cn(
        'rounded-lg border border-l-4 bg-card p-4 shadow-xs',
        call.status === 'waiting' ? PRIORITY_EDGE[call.priority] : 'border-l-success',
      )}
      aria-label={`Llamada de ${call.patient_name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="truncate font-medium">{call.patient_name}</p>
            <CallPriorityBadge priority={call.priority} />
          </div>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {CALL_TYPE_LABELS[call.call_type as CallType] ?? call.call_type}
            {call.patient_phone ? ` · ${formatPhone(call.patient_phone)}` : ''}
            {call.agent_name ? ` · Agente: ${call.agent_name}` : ''}
          </p>
        </div>
        <div className="text-right text-sm tabular-nums">
          {call.status === 'waiting' ? (
            <p>
              <span className="text-muted-foreground">Esperando </span>
              <span className="font-medium">{formatSeconds(wait)}</span>
            </p>
          ) : (
            <p>
              <span className="text-muted-foreground">Duración </span>
              <span className={cn('font-medium', long && 'text-destructive')}>{formatSeconds(duration)}</span>
            </p>
          )}
        </div>
      </div>
      {call.status === 'active' && (
        <div className="mt-3">
          <Progress
            value={pct}
            aria-label={`Duración frente al umbral de llamada larga (${CALL_CONSTANTS.longCallSeconds / 60} min)`}
            className={cn(long && '[&>[data-slot=progress-indicator]]:bg-destructive')}
          />
          <p className="mt-1 text-xs text-muted-foreground">
            {long ? 'Llamada larga: superó 30 min' : `${pct}% del umbral de llamada larga (30 min)`}
          </p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {canWork && call.status === 'waiting' && (
          <Button size="sm" onClick={() => onAction('attend', call)}>
            <PhoneForwardedIcon aria-hidden />
            Atender
          </Button>
        )}
        {canWork && call.status === 'active' && (
          <>
            <Button size="sm" variant="outline" onClick={() => onAction('transfer', call)}>
              <ArrowRightLeftIcon aria-hidden />
              Transferir
            </Button>
            <Button size="sm" variant="outline" onClick={() => onAction('hold', call)}>
              <PauseIcon aria-hidden />
              En espera
            </Button>
          </>
        )}
        {canWork && (
          <Button size="sm" variant="ghost" onClick={() => onAction('end', call)}>
            <PhoneOffIcon aria-hidden />
            Finalizar
          </Button>
        )}
        {hasMedia && (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto"
            aria-expanded={open}
            onClick={() => setOpen((v) => !v)}
          >
            Grabación y transcripción
            <ChevronDownIcon className={cn('transition-transform', open && 'rotate-180')} aria-hidden />
          </Button>
        )}
      </div>
      {open && (
        <div className="mt-3">
          <CallMedia call={call} />
        </div>
      )}
    </li>
  );
}
