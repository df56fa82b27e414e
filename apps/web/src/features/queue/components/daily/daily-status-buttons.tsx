import { useState } from 'react';
import { toast } from 'sonner';
import { CheckCheckIcon, CheckIcon, ClipboardListIcon, Loader2Icon } from 'lucide-react';
import { canRole } from '@ips/shared/catalogs/roles';
import { RIPS_ATTENDANCE_ROLES } from '@ips/shared/schemas/rips';
import { AttendanceDialog } from '@/components/rips/attendance-dialog';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/use-auth';
import { errorMessage } from '@/lib/error-toast';
import { useSetAppointmentStatus, type DailyAppointment } from '@/features/queue/api/daily-queue';
import { OtherServiceButton } from '@/features/queue/components/daily/other-service-button';

/**
 * The day's two forward steps: 'Confirmar' a Pendiente (takes its agenda slot) and 'Atendida' for a
 * Confirmada of today or before (Completada, final; the appointment's service or its specialty's default is
 * billed, and the small arrow beside it picks another). Cancelling, restoring, reassigning and returning to the
 * queue are the appointment actions menu beside these buttons.
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
  // The attendance record (RIPS, decision 037): offered right after 'Atendida' and on an attended row.
  const [recording, setRecording] = useState(false);
  const { user } = useAuth();
  const canRecord = canRole(RIPS_ATTENDANCE_ROLES, user?.role);
  const dialog = recording && (
    <AttendanceDialog
      appointmentId={appointment.id}
      subtitle={`${appointment.patient_name} · ${appointment.scheduled_at.slice(11, 16)}`}
      onClose={() => setRecording(false)}
    />
  );
  const next =
    appointment.status === 'Pendiente'
      ? ({ status: 'Confirmada', label: 'Confirmar', icon: CheckIcon, done: 'Cita confirmada' } as const)
      : appointment.status === 'Confirmada' && canComplete
        ? ({ status: 'Completada', label: 'Atendida', icon: CheckCheckIcon, done: 'Cita atendida' } as const)
        : null;
  if (!next)
    return appointment.status === 'Completada' && canRecord ? (
      <>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setRecording(true)}
          aria-label={`Registro de atención: ${appointment.patient_name}`}
        >
          <ClipboardListIcon aria-hidden />
          Registro RIPS
        </Button>
        {dialog}
      </>
    ) : null;

  /** Resolves true when the change is saved (false after its error toast). */
  const run = (service?: { id: number; name: string }) =>
    mutation.mutateAsync({ id: appointment.id, status: next.status, service_id: service?.id }).then(
      (a) => {
        toast.success(next.done, {
          description: [a.patient_name, a.scheduled_at.slice(11, 16), service?.name]
            .filter(Boolean)
            .join(' · '),
          ...(next.status === 'Completada' && canRecord
            ? { action: { label: 'Registro de atención', onClick: () => setRecording(true) } }
            : {}),
        });
        return true;
      },
      (err: unknown) => {
        toast.error(
          next.status === 'Confirmada' ? 'No se pudo confirmar la cita' : 'No se pudo completar la cita',
          { description: errorMessage(err) },
        );
        return false;
      },
    );

  const main = (
    <Button
      size="sm"
      variant={next.status === 'Confirmada' ? 'default' : 'outline'}
      className={next.status === 'Completada' ? 'rounded-r-none' : undefined}
      onClick={() => void run()}
      disabled={busy}
      aria-label={`${next.label}: ${appointment.patient_name}`}
    >
      {busy ? <Loader2Icon className="animate-spin" aria-hidden /> : <next.icon aria-hidden />}
      {next.label}
    </Button>
  );
  if (next.status !== 'Completada') return main;
  return (
    <div className="inline-flex" role="group" aria-label={`Marcar atendida: ${appointment.patient_name}`}>
      {main}
      <OtherServiceButton patientName={appointment.patient_name} busy={busy} onComplete={run} />
      {dialog}
    </div>
  );
}
