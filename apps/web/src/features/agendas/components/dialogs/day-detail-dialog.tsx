import { useMemo } from 'react';
import { CalendarClockIcon, PencilIcon } from 'lucide-react';
import { formatLongDate } from '@ips/shared/format';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  useAgendaAppointments,
  useAgendas,
  type Agenda,
  type Appointment,
} from '@/features/agendas/api/agendas';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { BookedAppointmentsList } from '@/features/agendas/components/booked-appointments-list';
import { AgendaInfoGrid } from '@/features/agendas/components/dialogs/agenda-info-grid';
import { useCanManageAgendas } from '@/features/agendas/hooks/use-agenda-permissions';
import { useOrgClock } from '@/features/agendas/hooks/use-org-clock';
import { agendaCanStart } from '@/features/agendas/utils/agenda-display';
import { ListSkeleton, LoadError } from '@/components/list-states';

const NONE: Appointment[] = [];

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
}

/** Spec §2 "Day detail dialog": the day's totals, then each agenda with its booked patients. */
export function DayDetailDialog({ open, onOpenChange, date }: Props) {
  const { today, nowMinutes } = useOrgClock();
  const agendas = useAgendas({ date });
  const appointments = useAgendaAppointments({ date });
  const list = (agendas.data ?? []).filter((a) => a.status !== 'Cancelada');
  const appts = appointments.data ?? [];
  // A busy day has thousands of appointments: grouped once, not filtered again for every agenda.
  const byAgenda = useMemo(() => {
    const map = new Map<number, Appointment[]>();
    for (const a of appointments.data ?? []) {
      if (a.availability_id === null) continue;
      const list = map.get(a.availability_id);
      if (list) list.push(a);
      else map.set(a.availability_id, [a]);
    }
    return map;
  }, [appointments.data]);
  const cards = [
    { label: 'Agendas', value: list.length },
    { label: 'Ocupados', value: list.reduce((s, a) => s + a.booked_slots, 0) },
    // Free slots of agendas where nothing can start any more are not available.
    {
      label: 'Disponibles',
      value: list
        .filter((a) => a.status === 'Activa' && agendaCanStart(a, today, nowMinutes))
        .reduce((s, a) => s + a.available_slots, 0),
    },
    { label: 'Pendientes', value: appts.filter((a) => a.status === 'Pendiente').length },
  ];

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100svh-2rem)] max-w-4xl flex-col gap-4 overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Detalle del día</DialogTitle>
          <DialogDescription className="first-letter:uppercase">{formatLongDate(date)}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {cards.map((c) => (
            <div key={c.label} className="rounded-lg border bg-muted/30 p-3">
              <dt className="text-xs text-muted-foreground">{c.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{c.value}</dd>
            </div>
          ))}
        </dl>
        {agendas.isPending ? (
          <ListSkeleton rows={2} label="Cargando agendas del día" />
        ) : agendas.isError ? (
          <LoadError
            title="No se pudieron cargar los datos del día"
            error={agendas.error}
            onRetry={() => void agendas.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">Sin agendas</p>
        ) : (
          list.map((a) => (
            <DayAgendaSection
              key={a.id}
              agenda={a}
              appointments={byAgenda.get(a.id) ?? NONE}
              loading={appointments.isPending}
              failed={appointments.isError}
            />
          ))
        )}
      </DialogContent>
    </Dialog>
  );
}

function DayAgendaSection({
  agenda,
  appointments,
  loading,
  failed,
}: {
  agenda: Agenda;
  appointments: Appointment[];
  loading: boolean;
  failed: boolean;
}) {
  const dialogs = useAgendaDialogs();
  const canManage = useCanManageAgendas();
  return (
    <section aria-label={`Agenda de ${agenda.doctor_name}`} className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">{agenda.doctor_name}</h3>
        {canManage && (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => dialogs.open({ kind: 'edit', agenda })}>
              <PencilIcon aria-hidden />
              Editar Agenda
            </Button>
            {agenda.status === 'Activa' && (
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
        )}
      </div>
      <AgendaInfoGrid agenda={agenda} />
      {loading ? (
        <ListSkeleton rows={1} label="Cargando citas" />
      ) : failed ? (
        <p role="alert" className="text-sm text-destructive">
          No se pudo cargar las citas
        </p>
      ) : (
        <BookedAppointmentsList appointments={appointments} />
      )}
    </section>
  );
}
