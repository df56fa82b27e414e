import { useState } from 'react';
import {
  CheckCircle2Icon,
  ClockIcon,
  GaugeIcon,
  HourglassIcon,
  PhoneCallIcon,
  PhoneIcon,
  PhoneIncomingIcon,
  PhoneMissedIcon,
  PlusIcon,
  RefreshCwIcon,
  TimerIcon,
} from 'lucide-react';
import { CALL_CENTER_ROLES, canRole } from '@ips/shared/catalogs/roles';
import { CALL_CONSTANTS, CALL_MESSAGES, type CallDto } from '@ips/shared/schemas/calls';
import { countOf } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { notifyServiceError, notifySuccess } from '@/lib/notify';
import { useAuth } from '@/lib/use-auth';
import { useCallAction, useCallDashboard } from '@/features/calls/api/calls-api';
import { AgentDialog } from '@/features/calls/components/agent-dialog';
import { CallCard, type CallCardAction } from '@/features/calls/components/call-card';
import { CallsTabs } from '@/features/calls/components/calls-tabs';
import { EndDialog } from '@/features/calls/components/end-dialog';
import { LiveIndicator } from '@/features/calls/components/live-indicator';
import { RegisterCallDialog } from '@/features/calls/components/register-call-dialog';
import { StatCard } from '@/features/calls/components/stat-card';
import { useCallsLive } from '@/features/calls/hooks/use-calls-live';
import { useNow } from '@/features/calls/hooks/use-now';
import { formatRate, formatSeconds, liveSeconds } from '@/features/calls/utils/format';

const count = new Intl.NumberFormat('es-CO');

/** Dashboard de Llamadas (spec part 2 §2): today's figures and measures, the active calls and the waiting queue. */
export function DashboardView() {
  const mode = useCallsLive();
  const q = useCallDashboard(mode === 'POLL' ? CALL_CONSTANTS.dashboardRefreshMs : false);
  const now = useNow();
  const { user } = useAuth();
  const canWork = canRole(CALL_CENTER_ROLES, user?.role);
  const [registering, setRegistering] = useState(false);
  const [dialog, setDialog] = useState<{ action: CallCardAction; call: CallDto } | null>(null);
  const hold = useCallAction();
  const d = q.data;
  const open = (action: CallCardAction) => (dialog?.action === action ? dialog.call : null);
  const close = () => setDialog(null);
  const m = d?.stats.measures;

  return (
    <div>
      <PageHeader
        title="Dashboard de Llamadas"
        description="Llamadas activas, cola de espera y las medidas del día"
        actions={
          <>
            <Button variant="outline" onClick={() => void q.refetch()} disabled={q.isFetching}>
              <RefreshCwIcon className={q.isFetching ? 'animate-spin' : undefined} aria-hidden />
              Actualizar
            </Button>
            {canWork && (
              <Button onClick={() => setRegistering(true)}>
                <PlusIcon aria-hidden />
                Registrar llamada
              </Button>
            )}
          </>
        }
      />
      <CallsTabs />
      <LiveIndicator mode={mode} pollSeconds={CALL_CONSTANTS.dashboardRefreshMs / 1000} />
      {q.isError && !d ? (
        <LoadError
          title="Error al cargar datos del dashboard"
          error={q.error}
          onRetry={() => void q.refetch()}
        />
      ) : !d || !m ? (
        <ListSkeleton label="Cargando dashboard" rows={6} />
      ) : (
        <div className="space-y-6">
          <section
            aria-label="Estadísticas de hoy"
            className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5"
          >
            <StatCard icon={PhoneCallIcon} label="Activas" value={count.format(d.stats.active)} />
            <StatCard icon={HourglassIcon} label="En espera" value={count.format(d.stats.waiting)} />
            <StatCard
              icon={CheckCircle2Icon}
              label="Completadas hoy"
              value={count.format(d.stats.completed_today)}
            />
            <StatCard
              icon={TimerIcon}
              label="Duración promedio"
              value={formatSeconds(d.stats.avg_duration)}
            />
            <StatCard icon={ClockIcon} label="Tiempo total" value={formatSeconds(d.stats.total_duration)} />
          </section>
          <section
            aria-label="Medidas de hoy"
            className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5"
          >
            <StatCard
              icon={GaugeIcon}
              label="Nivel de servicio"
              value={formatRate(m.service_level)}
              hint={`${m.answered_within_threshold} de ${countOf(m.answered + m.abandoned, 'atendida')} en ≤ ${m.threshold_seconds} s`}
            />
            <StatCard
              icon={PhoneIncomingIcon}
              label="Vel. promedio de respuesta"
              value={formatSeconds(m.average_speed_of_answer)}
              hint={`${countOf(m.answered, 'atendida')} de ${countOf(m.offered, 'recibida')}`}
            />
            <StatCard
              icon={TimerIcon}
              label="Tiempo medio de gestión"
              value={formatSeconds(m.average_handle_time)}
            />
            <StatCard
              icon={PhoneMissedIcon}
              label="Tasa de abandono"
              value={formatRate(m.abandonment_rate)}
              hint={`${countOf(m.abandoned, 'abandonada')}${m.short_abandoned ? ` · ${countOf(m.short_abandoned, 'colgada')} en < 5 s` : ''}`}
            />
            <StatCard
              icon={HourglassIcon}
              label="Espera más larga"
              value={
                m.longest_current_wait === null
                  ? '—'
                  : formatSeconds(liveSeconds(m.longest_current_wait, q.dataUpdatedAt, now))
              }
              hint="Ahora, en la cola"
            />
          </section>
          <Tabs defaultValue="active">
            <TabsList>
              <TabsTrigger value="active">Llamadas activas ({d.active.length})</TabsTrigger>
              <TabsTrigger value="waiting">Cola de espera ({d.waiting.length})</TabsTrigger>
            </TabsList>
            {(['active', 'waiting'] as const).map((tab) => {
              const list = tab === 'active' ? d.active : d.waiting;
              return (
                <TabsContent key={tab} value={tab} className="mt-4">
                  {list.length === 0 ? (
                    <EmptyState
                      icon={PhoneIcon}
                      title={tab === 'active' ? 'No hay llamadas activas' : 'No hay llamadas en espera'}
                    />
                  ) : (
                    <ul className="space-y-3">
                      {list.map((c) => (
                        <CallCard
                          key={c.id}
                          call={c}
                          readAt={q.dataUpdatedAt}
                          now={now}
                          canWork={canWork}
                          onAction={(action, call) => setDialog({ action, call })}
                        />
                      ))}
                    </ul>
                  )}
                </TabsContent>
              );
            })}
          </Tabs>
        </div>
      )}
      <RegisterCallDialog open={registering} onOpenChange={setRegistering} />
      <AgentDialog call={open('attend')} action="attend" defaultAgent={user?.name ?? ''} onClose={close} />
      <AgentDialog call={open('transfer')} action="transfer" defaultAgent="" onClose={close} />
      <EndDialog call={open('end')} onClose={close} />
      <ConfirmDialog
        open={open('hold') !== null}
        onOpenChange={(o) => !o && close()}
        title="Poner llamada en espera"
        description={`La llamada de ${dialog?.call.patient_name ?? ''} pasará a la cola de espera.`}
        confirmLabel="Poner en espera"
        destructive={false}
        pending={hold.isPending}
        onConfirm={() => {
          if (!dialog) return;
          hold.mutate(
            { action: 'hold', id: dialog.call.id },
            {
              onSuccess: () => {
                notifySuccess(CALL_MESSAGES.held);
                close();
              },
              onError: (err) => notifyServiceError(err, 'Error al poner llamada en espera'),
            },
          );
        }}
      />
    </div>
  );
}
