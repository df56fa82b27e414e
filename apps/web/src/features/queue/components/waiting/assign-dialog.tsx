import { useState } from 'react';
import { toast } from 'sonner';
import { Loader2Icon } from 'lucide-react';
import { WAITING_LIST_MESSAGES } from '@ips/shared/schemas/waiting-list';
import { formatLongDate } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DesiredDateField } from '@/components/desired-date-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorMessage } from '@/lib/error-toast';
import { useAvailableAgendas, type WaitingEntry } from '@/features/queue/api/waiting-list';
import { useAssignFromWaitingList } from '@/features/queue/api/waiting-list-mutations';
import { AgendaOptions } from '@/features/queue/components/waiting/agenda-options';
import { EntrySummary } from '@/features/queue/components/waiting/entry-summary';
import { SlotOfferCard } from '@/features/queue/components/waiting/slot-offer-card';

const M = WAITING_LIST_MESSAGES;
const hhmm = (t: string) => t.slice(0, 5);

/**
 * 'Asignar Cita desde Cola de Espera' (spec §2): the entry, the specialty's agendas with free slots, a required
 * choice and a confirmation. The server books the agenda's next free time and takes the entry out of the queue
 * in one transaction; a full agenda answers 409 and the patient keeps their place.
 */
export function AssignDialog({
  entry,
  onOpenChange,
}: {
  entry: WaitingEntry | null;
  onOpenChange: (open: boolean) => void;
}) {
  const agendas = useAvailableAgendas(entry?.specialty_id ?? null);
  const assign = useAssignFromWaitingList();
  const [selected, setSelected] = useState<number | null>(null);
  /** The exact time of the offered slot, when the agent took the offer; else the agenda's next free time. */
  const [offerTime, setOfferTime] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  /** 'Fecha deseada por el paciente' (optional), kept on the appointment for the oportunidad indicators. */
  const [desiredDate, setDesiredDate] = useState('');
  const list = agendas.data?.available_agendas ?? [];
  const offer = entry?.slot_offer?.status === 'offered' ? entry.slot_offer : null;
  const listed = list.find((a) => a.id === selected) ?? null;
  const chosen =
    listed ??
    (offer && selected === offer.availability_id
      ? {
          id: offer.availability_id,
          doctor_name: offer.doctor_name,
          location_name: offer.location_name,
          date: offer.scheduled_at.slice(0, 10),
          start_time: offer.scheduled_at.slice(11, 16),
          end_time: '',
        }
      : null);
  const pick = (id: number, time: string | null) => {
    setSelected(id);
    setOfferTime(time);
    setMissing(false);
  };

  const close = () => {
    if (assign.isPending) return;
    setSelected(null);
    setOfferTime(null);
    setMissing(false);
    setConfirming(false);
    setDesiredDate('');
    onOpenChange(false);
  };
  const next = () => {
    if (!chosen) {
      setMissing(true);
      return;
    }
    setConfirming(true);
  };
  const run = () => {
    if (!entry || !chosen) return;
    assign
      .mutateAsync({
        waiting_list_id: entry.id,
        availability_id: chosen.id,
        patient_id: entry.patient_id,
        reason: entry.reason,
        priority_level: entry.priority_level,
        cups_id: entry.cups_id,
        scheduled_at: offerTime ?? undefined,
        desired_date: desiredDate || null,
      })
      .then(
        (r) => {
          const a = r.data.appointment;
          toast.success(M.assigned, {
            description: `${a.patient_name} · ${formatLongDate(a.scheduled_at.slice(0, 10))} a las ${a.scheduled_at.slice(11, 16)} · ${a.doctor_name}`,
          });
          setConfirming(false);
          setSelected(null);
          setOfferTime(null);
          setDesiredDate('');
          onOpenChange(false);
        },
        (err: unknown) => {
          setConfirming(false);
          setSelected(null);
          setOfferTime(null);
          toast.error(M.assignFailed, { description: errorMessage(err), position: 'top-center' });
        },
      );
  };

  return (
    <>
      <Dialog open={entry !== null && !confirming} onOpenChange={(open) => !open && close()}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>Asignar Cita desde Cola de Espera</DialogTitle>
            <DialogDescription>
              Elija una agenda de la especialidad; la cita se agenda en su primer horario libre y queda
              confirmada.
            </DialogDescription>
          </DialogHeader>
          {entry && <EntrySummary entry={entry} />}
          {offer && (
            <SlotOfferCard
              offer={offer}
              chosen={selected === offer.availability_id && offerTime !== null}
              onUse={() => pick(offer.availability_id, offer.scheduled_at)}
            />
          )}
          <div className="grid gap-2">
            <h3 className="text-sm font-semibold">
              Agendas disponibles{agendas.data ? ` · ${agendas.data.specialty_name}` : ''}
            </h3>
            <AgendaOptions
              agendas={list}
              loading={agendas.isPending}
              failed={agendas.isError}
              value={offerTime ? null : selected}
              onChange={(id) => pick(id, null)}
              invalid={missing}
            />
            {missing && (
              <p id="assign-agenda-error" className="text-xs font-medium text-destructive" role="alert">
                {M.agenda}
              </p>
            )}
          </div>
          <DesiredDateField id="assign-desired-date" value={desiredDate} onChange={setDesiredDate} />
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancelar
            </Button>
            <Button onClick={next} disabled={agendas.isPending || assign.isPending}>
              {assign.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Asignar Cita
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !open && !assign.isPending && setConfirming(false)}
        title="Confirmar asignación"
        description={
          entry &&
          chosen && (
            <span>
              Se agendará una cita confirmada para <strong>{entry.patient_name}</strong> con{' '}
              {chosen.doctor_name} el {formatLongDate(chosen.date)} ({hhmm(chosen.start_time)}–
              {hhmm(chosen.end_time)}) en {chosen.location_name}, y el paciente saldrá de la cola de espera.
            </span>
          )
        }
        confirmLabel="Confirmar asignación"
        pendingLabel="Asignando…"
        destructive={false}
        pending={assign.isPending}
        onConfirm={run}
      />
    </>
  );
}
