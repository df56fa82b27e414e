import { toast } from 'sonner';
import { CheckCheckIcon, CheckIcon, Loader2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/error-toast';
import { useSetAppointmentStatus, type DailyAppointment } from '@/features/queue/api/daily-queue';

/**
 * The day's two forward steps: 'Confirmar' a Pendiente (takes its agenda slot) and 'Atendida' for a
 * Confirmada of today or before (Completada, final). Cancelling, restoring, reassigning and returning to the queue are the
 * appointment actions menu beside these buttons.
 */
export function DailyStatusButtons({
  appointment,
  canComplete,
}: {
  appointment: DailyAppointment;
  /** Only today's and past appointments can be marked as attended. */
  canComplete: boolean;
}) {
  const mutation = useSetAppointmentStatus();
  const busy = mutation.isPending;
  const next =
    appointment.status === 'Pendiente'
      ? ({ status: 'Confirmada', label: 'Confirmar', icon: CheckIcon, done: 'Cita confirmada' } as const)
      : appointment.status === 'Confirmada' && canComplete
        ? ({ status: 'Completada', label: 'Atendida', icon: CheckCheckIcon, done: 'Cita atendida' } as const)
        : null;
  if (!next) return null;

  const run = () =>
    mutation.mutateAsync({ id: appointment.id, status: next.status }).then(
      (a) => toast.success(next.done, { description: `${a.patient_name} · ${a.scheduled_at.slice(11, 16)}` }),
      (err: unknown) =>
        toast.error(
          next.status === 'Confirmada' ? 'No se pudo confirmar la cita' : 'No se pudo completar la cita',
          { description: errorMessage(err) },
        ),
    );

  return (
    <Button
      size="sm"
      variant={next.status === 'Confirmada' ? 'default' : 'outline'}
      onClick={() => void run()}
      disabled={busy}
      aria-label={`${next.label}: ${appointment.patient_name}`}
    >
      {busy ? <Loader2Icon className="animate-spin" aria-hidden /> : <next.icon aria-hidden />}
      {next.label}
    </Button>
  );
}
