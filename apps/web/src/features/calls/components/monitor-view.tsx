import { useState } from 'react';
import {
  ActivityIcon,
  CheckCircle2Icon,
  PercentIcon,
  PhoneCallIcon,
  PhoneIcon,
  RefreshCwIcon,
} from 'lucide-react';
import { CALL_CONSTANTS, CALL_TYPE_LABELS, type CallDto, type CallType } from '@ips/shared/schemas/calls';
import { formatTime } from '@ips/shared/format';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useCallMonitor } from '@/features/calls/api/calls-api';
import { endedText } from '@/features/calls/utils/ended-text';
import { CallPriorityBadge } from '@/features/calls/components/call-badges';
import { CallsTabs } from '@/features/calls/components/calls-tabs';
import { LiveIndicator } from '@/features/calls/components/live-indicator';
import { StatCard } from '@/features/calls/components/stat-card';
import { useCallsLive } from '@/features/calls/hooks/use-calls-live';
import { useNow } from '@/features/calls/hooks/use-now';
import { formatPhone, formatRate, formatSeconds, liveSeconds } from '@/features/calls/utils/format';

const count = new Intl.NumberFormat('es-CO');

/**
 * Monitor de Llamadas (spec part 2 §2): live while auto-refresh is on (the stream, or every 5 s while it is down),
 * still when it is off; the four cards, the active calls and the last five completed.
 */
export function MonitorView() {
  const [auto, setAuto] = useState(true);
  const mode = useCallsLive(auto);
  const q = useCallMonitor(auto && mode === 'POLL' ? CALL_CONSTANTS.monitorRefreshMs : false);
  const now = useNow();
  const { timezone } = useOrgSettings();
  const d = q.data;

  return (
    <div>
      <PageHeader
        title="Monitor de Llamadas"
        description={
          d ? `Última actualización: ${formatTime(d.last_updated)}` : 'Llamadas en curso y completadas de hoy'
        }
        actions={
          <>
            <div className="flex items-center gap-2 rounded-md border px-3">
              <Switch id="auto-refresh" checked={auto} onCheckedChange={setAuto} />
              <Label htmlFor="auto-refresh" className="h-9 cursor-pointer">
                Actualización automática
              </Label>
            </div>
            <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
              <RefreshCwIcon className={q.isFetching ? 'animate-spin' : undefined} aria-hidden />
              Actualizar
            </Button>
          </>
        }
      />
      <CallsTabs />
      {auto && <LiveIndicator mode={mode} pollSeconds={CALL_CONSTANTS.monitorRefreshMs / 1000} />}
      {q.isError && !d ? (
        <LoadError title="No se pudo cargar el monitor" error={q.error} onRetry={() => void q.refetch()} />
      ) : !d ? (
        <ListSkeleton label="Cargando monitor" rows={6} />
      ) : (
        <div className="space-y-6">
          {q.isError && (
            <LoadError
              title="No se pudo actualizar el monitor"
              error={q.error}
              onRetry={() => void q.refetch()}
            />
          )}
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <StatCard
              icon={PhoneCallIcon}
              label="Llamadas activas"
              value={count.format(d.stats.active_calls)}
            />
            <StatCard
              icon={CheckCircle2Icon}
              label="Completadas hoy"
              value={count.format(d.stats.completed_calls)}
            />
            <StatCard icon={ActivityIcon} label="Total del día" value={count.format(d.stats.total)} />
            <StatCard
              icon={PercentIcon}
              label="Tasa de completadas"
              value={formatRate(d.stats.completion_rate)}
            />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <CallList
              title="Llamadas activas"
              calls={d.active_calls}
              empty="No hay llamadas activas"
              render={(c) =>
                `${c.agent_name ?? '—'} · ${formatSeconds(liveSeconds(c.duration, q.dataUpdatedAt, now))}`
              }
            />
            <CallList
              title="Completadas recientes"
              calls={d.completed_calls}
              empty="Aún no hay llamadas completadas"
              render={(c) =>
                `${c.ended_at ? endedText(c.ended_at, now, timezone) : ''} · ${formatSeconds(c.duration)}`
              }
            />
          </div>
        </div>
      )}
    </div>
  );
}

function CallList({
  title,
  calls,
  empty,
  render,
}: {
  title: string;
  calls: CallDto[];
  empty: string;
  render: (c: CallDto) => string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {title} <span className="text-muted-foreground">({calls.length})</span>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {calls.length === 0 ? (
          <EmptyState icon={PhoneIcon} title={empty} />
        ) : (
          <ul className="divide-y" aria-label={title}>
            {calls.map((c) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2.5">
                <div className="min-w-0">
                  <p className="truncate font-medium">{c.patient_name}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {CALL_TYPE_LABELS[c.call_type as CallType] ?? c.call_type}
                    {c.patient_phone ? ` · ${formatPhone(c.patient_phone)}` : ''}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <CallPriorityBadge priority={c.priority} />
                  <span className="text-xs text-muted-foreground tabular-nums">{render(c)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
