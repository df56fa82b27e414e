import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { HeadsetIcon, PhoneIcon, PhoneOffIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import {
  CALL_LOG_STATUS_LABELS,
  type CallChannel,
  type CallDirection,
  type CallLogDto,
  type CallLogType,
} from '@ips/shared/schemas/call-logs';
import {
  CALL_PRIORITY_LABELS,
  CALL_STATUS_LABELS,
  CALL_TYPE_LABELS,
  type CallDto,
  type CallType,
} from '@ips/shared/schemas/calls';
import { EmptyState, ListSkeleton, LoadError } from '@/components/list-states';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { formatSeconds } from '@/lib/format-seconds';
import {
  PATIENT_CALLS_PAGE,
  usePatientCallLogs,
  usePatientCalls,
  type PatientCallPage,
} from '@/features/patients/api/get-patient-calls';

const DIRECTION_LABELS: Record<CallDirection, string> = { inbound: 'Entrante', outbound: 'Saliente' };
const CHANNEL_LABELS: Record<CallChannel, string> = {
  phone: 'Teléfono',
  ai_voice: 'Agente de voz',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
  email: 'Correo',
};
const LOG_TYPE_LABELS: Record<CallLogType, string> = {
  queue_schedule: 'Agendamiento desde la cola',
  automated_outreach: 'Llamada automática',
  follow_up: 'Seguimiento',
  confirmation: 'Confirmación',
  general: 'General',
};
const CALL_STATUS_VARIANT: Record<CallDto['status'], BadgeProps['variant']> = {
  active: 'success',
  waiting: 'warning',
  ended: 'secondary',
};

function Detail({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      {label}: <span className="text-foreground">{children}</span>
    </div>
  );
}

/** One call or call log: when and what on the first line, its badges at the right, the details below. */
function ItemCard({
  at,
  what,
  badges,
  children,
}: {
  at: string;
  what: string;
  badges: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="rounded-lg border bg-card p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">
          {at}
          <span className="text-muted-foreground"> · {what}</span>
        </p>
        <div className="flex flex-wrap gap-1.5">{badges}</div>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-muted-foreground sm:grid-cols-2">
        {children}
      </dl>
    </div>
  );
}

function CallItem({ c, timezone }: { c: CallDto; timezone: string }) {
  return (
    <ItemCard
      at={formatDateTime(c.started_at, timezone)}
      what={CALL_TYPE_LABELS[c.call_type as CallType] ?? c.call_type}
      badges={<Badge variant={CALL_STATUS_VARIANT[c.status]}>{CALL_STATUS_LABELS[c.status]}</Badge>}
    >
      <Detail label="Agente">{c.agent_name ?? 'Sin atender'}</Detail>
      <Detail label="Prioridad">{CALL_PRIORITY_LABELS[c.priority]}</Detail>
      <Detail label="Duración">{formatSeconds(c.duration)}</Detail>
      <Detail label="Espera">{formatSeconds(c.waiting_time)}</Detail>
      {c.outcome && (
        <Detail label="Resultado" wide>
          {c.outcome}
        </Detail>
      )}
    </ItemCard>
  );
}

function CallLogItem({ l, timezone }: { l: CallLogDto; timezone: string }) {
  return (
    <ItemCard
      at={formatDateTime(l.started_at ?? l.created_at, timezone)}
      what={`${DIRECTION_LABELS[l.direction]} · ${CHANNEL_LABELS[l.channel]}`}
      badges={
        <>
          {l.status_name && (
            <Badge
              variant="outline"
              style={l.status_color ? { borderColor: l.status_color, color: l.status_color } : undefined}
            >
              {l.status_name}
            </Badge>
          )}
          <Badge variant="secondary">{CALL_LOG_STATUS_LABELS[l.status]}</Badge>
        </>
      }
    >
      <Detail label="Tipo">{LOG_TYPE_LABELS[l.call_type]}</Detail>
      {l.user_name && <Detail label="Registrada por">{l.user_name}</Detail>}
      {l.specialty_name && <Detail label="Especialidad">{l.specialty_name}</Detail>}
      {l.outcome && <Detail label="Resultado">{l.outcome}</Detail>}
      {l.notes && (
        <Detail label="Notas" wide>
          {l.notes}
        </Detail>
      )}
    </ItemCard>
  );
}

function PagedSection<T extends { id: number }>({
  id,
  title,
  icon: Icon,
  query,
  page,
  onPage,
  empty,
  itemLabel,
  itemOne,
  render,
}: {
  id: string;
  title: string;
  icon: typeof PhoneIcon;
  query: UseQueryResult<PatientCallPage<T>>;
  page: number;
  onPage: (p: number) => void;
  empty: string;
  itemLabel: string;
  itemOne: string;
  render: (item: T) => ReactNode;
}) {
  const total = query.data?.total ?? 0;
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Icon className="size-4 text-primary" aria-hidden />
        {title}
        {query.data ? ` (${total})` : ''}
      </h3>
      {query.isPending ? (
        <ListSkeleton rows={2} label={`Cargando ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <LoadError
          title={`No se pudieron cargar ${itemLabel}`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : total === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="space-y-3">
          <ul className="space-y-2" aria-busy={query.isFetching}>
            {query.data.items.map((item) => (
              <li key={item.id}>{render(item)}</li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(total / PATIENT_CALLS_PAGE)}
            total={total}
            pageSize={PATIENT_CALLS_PAGE}
            onPageChange={onPage}
            itemLabel={itemLabel}
            itemOne={itemOne}
          />
        </div>
      )}
    </section>
  );
}

/**
 * Llamadas (issue 17): the call center's calls linked to the patient and the call log (calls made or requested
 * for them), each paged on the server. Shown to the roles that read the call center; reading it is in the
 * patient's access log.
 */
export function PatientCallsTab({ patientId, timezone }: { patientId: number; timezone: string }) {
  const [callsPage, setCallsPage] = useState(1);
  const [logsPage, setLogsPage] = useState(1);
  const calls = usePatientCalls(patientId, callsPage);
  const logs = usePatientCallLogs(patientId, logsPage);

  if (calls.data?.total === 0 && logs.data?.total === 0)
    return (
      <EmptyState
        icon={PhoneOffIcon}
        title="No hay llamadas registradas"
        description="Las llamadas del paciente con el centro de llamadas aparecerán aquí."
      />
    );
  return (
    <div className="space-y-6">
      <PagedSection
        id="patient-calls"
        title="Llamadas del centro de llamadas"
        icon={HeadsetIcon}
        query={calls}
        page={callsPage}
        onPage={setCallsPage}
        empty="Sin llamadas en el centro de llamadas."
        itemLabel="llamadas"
        itemOne="llamada"
        render={(c) => <CallItem c={c} timezone={timezone} />}
      />
      <PagedSection
        id="patient-call-logs"
        title="Registro de llamadas"
        icon={PhoneIcon}
        query={logs}
        page={logsPage}
        onPage={setLogsPage}
        empty="Sin llamadas en el registro."
        itemLabel="registros de llamada"
        itemOne="registro de llamada"
        render={(l) => <CallLogItem l={l} timezone={timezone} />}
      />
    </div>
  );
}
