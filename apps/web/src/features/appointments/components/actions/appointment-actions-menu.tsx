/**
 * The manage button of one appointment (spec §2 "Agenda modals", the day detail's per-appointment button).
 *
 * Props:
 * - `appointment`: { id, status, patient_name, scheduled_at, availability_id? } — any AppointmentDto, or an
 *   agenda's booked patient plus `availability_id` (needed for Reasignar).
 * - `label?`: the button's accessible name (default 'Gestionar cita de {patient}').
 *
 * Offers, by status: Confirmada → Reasignar, Devolver a cola, Cancelar cita; Pendiente → Cancelar cita;
 * Cancelada → Restaurar. Completada has no actions. Doctors see nothing (read only). Every dialog it opens is
 * its own; after a change the appointment and agenda queries refresh themselves.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  ArrowRightLeftIcon,
  EllipsisVerticalIcon,
  ListRestartIcon,
  RotateCcwIcon,
  XCircleIcon,
} from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/error-toast';
import { useAuth } from '@/lib/use-auth';
import { useRestoreAppointment } from '@/features/appointments/api/appointment-mutations';
import type { AppointmentRef } from '@/features/appointments/components/actions/appointment-ref';
import { CancelAppointmentDialog } from '@/features/appointments/components/actions/cancel-appointment-dialog';
import { ReassignDialog } from '@/features/appointments/components/actions/reassign-dialog';
import { ReturnToQueueDialog } from '@/features/appointments/components/actions/return-to-queue-dialog';
import { settle } from '@/features/appointments/utils/settle';
import { appointmentPermissions } from '@/features/appointments/utils/permissions';
import { dateOf, normalStatus, timeOf } from '@/features/appointments/utils/scheduled-at';
import { formatDate } from '@ips/shared/format';
import { RecordHistoryMenuItem, useCanSeeHistory } from '@/components/record-history-link';

type Action = 'reassign' | 'queue' | 'cancel' | 'restore';

export function AppointmentActionsMenu({
  appointment,
  label,
}: {
  appointment: AppointmentRef;
  label?: string;
}) {
  const { user } = useAuth();
  const can = appointmentPermissions(user?.role);
  const [open, setOpen] = useState<Action | null>(null);
  const restore = useRestoreAppointment();
  const status = normalStatus(appointment.status);
  const items: {
    action: Action;
    text: string;
    icon: typeof XCircleIcon;
    show: boolean;
    destructive?: boolean;
  }[] = [
    {
      action: 'reassign',
      text: 'Reasignar',
      icon: ArrowRightLeftIcon,
      show: status === 'Confirmada' && can.canReassign && Boolean(appointment.availability_id),
    },
    {
      action: 'queue',
      text: 'Devolver a cola',
      icon: ListRestartIcon,
      show: status === 'Confirmada' && can.canCancel,
    },
    {
      action: 'restore',
      text: 'Restaurar',
      icon: RotateCcwIcon,
      show: status === 'Cancelada' && can.canCancel,
    },
    {
      action: 'cancel',
      text: 'Cancelar cita',
      icon: XCircleIcon,
      show: (status === 'Confirmada' || status === 'Pendiente') && can.canCancel,
      destructive: true,
    },
  ];
  const visible = items.filter((i) => i.show);
  const canSeeHistory = useCanSeeHistory();
  if (visible.length === 0 && !canSeeHistory) return null;
  const only = (a: Action) => (open === a ? appointment : null);
  const close = (o: boolean) => !o && setOpen(null);

  const runRestore = () =>
    settle(restore.mutateAsync(appointment.id), {
      onSuccess: (r) => {
        toast.success('Cita restaurada', {
          description: `${r.data.patient_name} · ${formatDate(dateOf(r.data.scheduled_at))} ${timeOf(r.data.scheduled_at)}`,
        });
        setOpen(null);
      },
      onError: (err) => {
        toast.error('No se pudo restaurar la cita', {
          description: errorMessage(err) || 'Error al restaurar',
        });
        setOpen(null);
      },
    });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            aria-label={label ?? `Gestionar cita de ${appointment.patient_name}`}
          >
            <EllipsisVerticalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {visible.map((i) => (
            <DropdownMenuItem
              key={i.action}
              onSelect={() => setOpen(i.action)}
              className={i.destructive ? 'text-destructive focus:text-destructive' : undefined}
            >
              <i.icon aria-hidden />
              {i.text}
            </DropdownMenuItem>
          ))}
          <RecordHistoryMenuItem tableName="appointments" recordId={appointment.id} />
        </DropdownMenuContent>
      </DropdownMenu>
      <ReassignDialog appointment={only('reassign')} onOpenChange={close} />
      <ReturnToQueueDialog appointment={only('queue')} onOpenChange={close} />
      <CancelAppointmentDialog appointment={only('cancel')} onOpenChange={close} />
      <ConfirmDialog
        open={open === 'restore'}
        onOpenChange={close}
        title="Restaurar cita"
        description={`La cita de ${appointment.patient_name} vuelve a quedar confirmada si su horario sigue libre.`}
        confirmLabel="Restaurar"
        pendingLabel="Restaurando…"
        destructive={false}
        pending={restore.isPending}
        onConfirm={runRestore}
      />
    </>
  );
}
