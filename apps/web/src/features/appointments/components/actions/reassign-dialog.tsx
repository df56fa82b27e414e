import { useState } from 'react';
import { toast } from 'sonner';
import { Loader2Icon } from 'lucide-react';
import { countOf, formatDate, formatLongDate } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { errorMessage } from '@/lib/error-toast';
import { useReassignAppointment } from '@/features/appointments/api/appointment-mutations';
import { useReassignmentCandidates } from '@/features/appointments/api/get-availabilities';
import type { AppointmentRef } from '@/features/appointments/components/actions/appointment-ref';
import { settle } from '@/features/appointments/utils/settle';
import { DIALOG_TOAST } from '@/features/appointments/utils/dialog-toast';
import { dateOf, hhmm, timeOf, upperFirst } from '@/features/appointments/utils/scheduled-at';

/**
 * Reasignar: another active agenda of the same specialty with free slots, then a confirmation (spec §5
 * "Reassign"). The appointment takes the first free time of the target agenda.
 */
export function ReassignDialog({
  appointment,
  onOpenChange,
}: {
  appointment: AppointmentRef | null;
  onOpenChange: (open: boolean) => void;
}) {
  const a = appointment;
  const candidates = useReassignmentCandidates(a?.availability_id ?? null);
  const [target, setTarget] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const reassign = useReassignAppointment();
  const list = candidates.data?.available_agendas ?? [];
  const chosen = list.find((c) => c.id === target) ?? null;

  const close = () => {
    setTarget(null);
    setConfirming(false);
    onOpenChange(false);
  };
  const next = () => {
    if (!target) {
      toast.error('Error', { description: 'Debe seleccionar una agenda de destino', ...DIALOG_TOAST });
      return;
    }
    setConfirming(true);
  };
  const run = () => {
    if (!a || !target) return;
    settle(reassign.mutateAsync({ appointment_id: a.id, new_availability_id: target }), {
      onSuccess: (r) => {
        toast.success('Reasignación exitosa', {
          description: `${r.data.patient_name} · ${formatLongDate(dateOf(r.data.scheduled_at))} a las ${timeOf(r.data.scheduled_at)}`,
        });
        close();
      },
      onError: (err) => {
        setConfirming(false);
        toast.error('No se pudo reasignar la cita', {
          description: errorMessage(err) || 'No se pudo completar la reasignación',
          ...DIALOG_TOAST,
        });
      },
    });
  };

  return (
    <>
      <Dialog open={a !== null && !confirming} onOpenChange={(open) => !open && close()}>
        <DialogContent className="sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>Reasignar cita</DialogTitle>
            <DialogDescription>
              {a && `${a.patient_name} · ${formatDate(dateOf(a.scheduled_at))} ${timeOf(a.scheduled_at)}`}
              {candidates.data && ` · ${candidates.data.specialty_name}`}
            </DialogDescription>
          </DialogHeader>
          {candidates.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Loader2Icon className="size-4 animate-spin" aria-hidden /> Cargando agendas disponibles...
            </p>
          ) : candidates.isError ? (
            <p className="text-sm text-destructive">No se pudieron cargar las agendas disponibles</p>
          ) : list.length === 0 ? (
            <p className="py-4 text-center text-sm text-muted-foreground">Sin agendas disponibles</p>
          ) : (
            <div
              role="radiogroup"
              aria-label="Agenda de destino"
              className="grid max-h-80 gap-2 overflow-y-auto"
            >
              {list.map((c) => (
                <button
                  key={c.id}
                  type="button"
                  role="radio"
                  aria-checked={c.id === target}
                  onClick={() => setTarget(c.id)}
                  className={cn(
                    'flex items-center gap-3 rounded-lg border p-3 text-left text-sm transition-colors',
                    c.id === target ? 'border-primary bg-primary/10' : 'hover:bg-muted',
                  )}
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{c.doctor_name}</span>
                    <span className="block text-xs text-muted-foreground">
                      <span>{upperFirst(formatLongDate(c.date))}</span> · {hhmm(c.start_time)}–
                      {hhmm(c.end_time)} · {c.location_name}
                    </span>
                  </span>
                  <Badge variant={c.available_slots > 5 ? 'success' : 'warning'}>
                    {countOf(c.available_slots, 'cupo')}
                  </Badge>
                </button>
              ))}
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancelar
            </Button>
            <Button onClick={next} disabled={list.length === 0}>
              Reasignar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && setConfirming(false)}
        title="Confirmar reasignación"
        description={
          chosen &&
          a && (
            <p>
              La cita de <strong>{a.patient_name}</strong> pasará a la agenda de {chosen.doctor_name} del{' '}
              {formatLongDate(chosen.date)} ({hhmm(chosen.start_time)}–{hhmm(chosen.end_time)}), en su primer
              horario libre.
            </p>
          )
        }
        confirmLabel="Confirmar reasignación"
        pendingLabel="Reasignando…"
        destructive={false}
        pending={reassign.isPending}
        onConfirm={run}
      />
    </>
  );
}
