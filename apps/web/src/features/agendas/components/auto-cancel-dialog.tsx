import { useEffect, useRef, useState } from 'react';
import { Loader2Icon } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '@ips/shared/format';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/error-toast';
import { useAutoCancel } from '@/features/agendas/api/agenda-mutations';
import { useExpiredAgendas } from '@/features/agendas/hooks/use-expired-agendas';
import { timeRange } from '@/features/agendas/utils/agenda-display';

/**
 * Auto-cancel of expired agendas (spec §4): when the selected day is past, its agendas that are neither
 * Cancelada nor Completa (and not skipped) are listed. With the setting auto_cancel_without_confirmation they are
 * cancelled at once; otherwise this dialog offers Omitir (remembered for the session) or 'Cancelar ahora', with
 * a switch to also cancel their appointments (default from the settings).
 */
export function AutoCancelDialog({ selected, today }: { selected: string | null; today: string }) {
  const expired = useExpiredAgendas(selected !== null && selected < today ? selected : null);
  const { settings, skip } = expired;
  const autoCancel = useAutoCancel();
  const [alsoAppointments, setAlsoAppointments] = useState<boolean | null>(null);
  const ranSilently = useRef(new Set<string>());
  // Until the refetch lands, the agendas just cancelled are still in the answer: leave them out at once.
  const done = autoCancel.data?.data.availability_ids ?? [];
  const pending = expired.pending.filter((a) => !done.includes(a.id));
  const also = alsoAppointments ?? settings?.auto_cancel_also_appointments_default ?? true;

  const run = (ids: number[], withAppointments: boolean) =>
    autoCancel.mutate(
      { availability_ids: ids, also_appointments: withAppointments },
      {
        onSuccess: (r) =>
          toast.success(r.message ?? `Auto-cancelación completada: ${r.data.cancelled} agenda(s) canceladas`),
        onError: (err) => toast.error('No se pudo cancelar la agenda', { description: errorMessage(err) }),
      },
    );

  const silent = settings?.auto_cancel_without_confirmation === true;
  useEffect(() => {
    if (!silent || pending.length === 0 || !selected || ranSilently.current.has(selected)) return;
    ranSilently.current.add(selected);
    run(
      pending.map((a) => a.id),
      settings?.auto_cancel_also_appointments_default ?? true,
    );
    // run is stable enough: one silent pass per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [silent, pending.length, selected]);

  const open = !silent && pending.length > 0;
  return (
    <AlertDialog open={open}>
      <AlertDialogContent className="max-w-xl">
        <AlertDialogHeader>
          <AlertDialogTitle>Agendas vencidas</AlertDialogTitle>
          <AlertDialogDescription>
            {pending.length}{' '}
            {pending.length === 1 ? 'agenda de un día pasado sigue' : 'agendas de días pasados siguen'} sin
            cerrar. ¿Desea cancelarlas ahora?
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ul
          className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2 text-sm"
          aria-label="Agendas vencidas"
        >
          {pending.map((a) => (
            <li key={a.id}>
              {formatDate(a.date)} · {timeRange(a.start_time, a.end_time)} · {a.doctor_name} (
              {a.specialty_name})
            </li>
          ))}
        </ul>
        <div className="flex items-center gap-3">
          <Switch id="auto-cancel-appointments" checked={also} onCheckedChange={setAlsoAppointments} />
          <Label htmlFor="auto-cancel-appointments">También cancelar las citas asociadas</Label>
        </div>
        <AlertDialogFooter>
          <Button
            variant="outline"
            disabled={autoCancel.isPending}
            onClick={() => skip(pending.map((a) => a.id))}
          >
            Omitir
          </Button>
          <Button
            variant="destructive"
            disabled={autoCancel.isPending}
            onClick={() =>
              run(
                pending.map((a) => a.id),
                also,
              )
            }
          >
            {autoCancel.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            Cancelar ahora
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
