import { useState } from 'react';
import { Clock3Icon, PencilIcon, ShuffleIcon } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/error-toast';
import { useAgendaAppointments, useAgendaDetail, type Agenda } from '@/features/agendas/api/agendas';
import { useRegenerateDistribution, useSyncAppointmentTimes } from '@/features/agendas/api/agenda-mutations';
import { useAgendaDialogs } from '@/features/agendas/components/agenda-dialogs-context';
import { BookedAppointmentsList } from '@/features/agendas/components/booked-appointments-list';
import { AgendaDistributionTable } from '@/features/agendas/components/dialogs/agenda-distribution-table';
import { AgendaInfoGrid } from '@/features/agendas/components/dialogs/agenda-info-grid';
import { SyncNotice } from '@/features/agendas/components/sync-notice';
import { useCanManageAgendas } from '@/features/agendas/hooks/use-agenda-permissions';
import { ListSkeleton } from '@/components/list-states';
import { RecordHistoryLink } from '@/components/record-history-link';
import { FRONT_DESK_ROLES } from '@ips/shared/catalogs/roles';
import { PatientNoticesSection } from '@/features/agendas/components/dialogs/patient-notices-section';
import { useAuth } from '@/lib/use-auth';

const TABS = [
  { value: 'all', label: 'Todas' },
  { value: 'Confirmada', label: 'Confirmadas' },
  { value: 'Pendiente', label: 'Pendientes' },
  { value: 'Cancelada', label: 'Canceladas' },
] as const;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agenda: Agenda;
}

/** Details of one agenda with its booked patients (GET /appointments?availability_id=). */
export function AgendaDetailsDialog({ open, onOpenChange, agenda: initial }: Props) {
  const detail = useAgendaDetail(initial.id);
  const agenda = detail.data ?? initial;
  const appointments = useAgendaAppointments({ availability_id: initial.id });
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('all');
  const canManage = useCanManageAgendas();
  const { user } = useAuth();
  const showNotices = agenda.status === 'Cancelada' && !!user && FRONT_DESK_ROLES.includes(user.role);
  const dialogs = useAgendaDialogs();
  const syncTimes = useSyncAppointmentTimes();
  const regenerate = useRegenerateDistribution();

  const list = (appointments.data ?? []).filter((a) => tab === 'all' || a.status === tab);
  const tabCount = (v: string) =>
    (appointments.data ?? []).filter((a) => v === 'all' || a.status === v).length;

  const onSyncTimes = () =>
    syncTimes.mutate(agenda.id, {
      onSuccess: (r) =>
        r.data.total === 0
          ? toast.warning('Aviso: No hay citas para sincronizar')
          : toast.success('Sincronización exitosa', { description: r.message }),
      onError: (err) => toast.error('No se pudo sincronizar las horas', { description: errorMessage(err) }),
    });
  const onRegenerate = () =>
    regenerate.mutate(agenda.id, {
      onSuccess: () => toast.success('Distribución regenerada'),
      onError: (err) =>
        toast.error('No se pudo regenerar la distribución', { description: errorMessage(err) }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100svh-2rem)] max-w-3xl flex-col gap-4 overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Detalles de la agenda</DialogTitle>
          <DialogDescription>
            {agenda.doctor_name} · {agenda.specialty_name}
          </DialogDescription>
        </DialogHeader>
        {detail.data && <SyncNotice agenda={detail.data} />}
        <AgendaInfoGrid agenda={agenda} />
        <RecordHistoryLink tableName="availabilities" recordId={agenda.id} className="self-start" />
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => dialogs.open({ kind: 'edit', agenda })}>
              <PencilIcon aria-hidden />
              Editar Agenda
            </Button>
            <Button size="sm" variant="outline" disabled={syncTimes.isPending} onClick={onSyncTimes}>
              <Clock3Icon aria-hidden />
              Sincronizar horas
            </Button>
            {agenda.auto_distribute && (
              <Button size="sm" variant="outline" disabled={regenerate.isPending} onClick={onRegenerate}>
                <ShuffleIcon aria-hidden />
                Regenerar distribución
              </Button>
            )}
          </div>
        )}
        {agenda.auto_distribute && <AgendaDistributionTable availabilityId={agenda.id} />}
        {showNotices && <PatientNoticesSection availabilityId={agenda.id} />}
        <section aria-label="Pacientes" className="space-y-2">
          <h3 className="text-sm font-semibold">Pacientes agendados</h3>
          <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
            <TabsList>
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value}>
                  {t.label} ({tabCount(t.value)})
                </TabsTrigger>
              ))}
            </TabsList>
          </Tabs>
          {appointments.isPending ? (
            <ListSkeleton rows={2} label="Cargando citas" />
          ) : appointments.isError ? (
            <p role="alert" className="text-sm text-destructive">
              No se pudo cargar las citas
            </p>
          ) : (
            <BookedAppointmentsList appointments={list} />
          )}
        </section>
      </DialogContent>
    </Dialog>
  );
}
