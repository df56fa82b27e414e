import { useEffect, useRef } from 'react';
import { RefreshCwIcon } from 'lucide-react';
import { countOf } from '@ips/shared/format';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import type { AgendaDetail } from '@/features/agendas/api/agendas';
import { useSyncSlots } from '@/features/agendas/api/agenda-mutations';
import { useCanManageAgendas } from '@/features/agendas/hooks/use-agenda-permissions';

/**
 * Spec §4: occupied quota is the number of Confirmada appointments; when the stored booked_slots differs, a
 * notice shows and the slot sync runs once on opening. A failure of the sync is only logged.
 */
export function SyncNotice({ agenda }: { agenda: AgendaDetail }) {
  const canManage = useCanManageAgendas();
  const sync = useSyncSlots();
  const started = useRef(false);
  const outOfSync = !agenda.slots_in_sync;

  useEffect(() => {
    if (!outOfSync || !canManage || started.current) return;
    started.current = true;
    sync.mutate(agenda.id, {
      onError: (err) => console.warn('No se pudo sincronizar los cupos de la agenda', agenda.id, err),
    });
  }, [outOfSync, canManage, agenda.id, sync]);

  if (!outOfSync && !sync.isSuccess) return null;
  return (
    <Alert role="status" className="border-amber-300 bg-amber-50">
      <RefreshCwIcon aria-hidden />
      <AlertTitle>Cupos sincronizados con las citas confirmadas</AlertTitle>
      <AlertDescription>
        {sync.isSuccess
          ? `Los cupos ocupados pasaron de ${sync.data.data.previous_booked_slots} a ${sync.data.data.booked_slots} (citas confirmadas).`
          : `La agenda registraba ${countOf(agenda.booked_slots, 'cupo ocupado', 'cupos ocupados')}, pero tiene ${countOf(agenda.confirmed_count, 'cita confirmada', 'citas confirmadas')}.${canManage ? ' Sincronizando…' : ''}`}
      </AlertDescription>
    </Alert>
  );
}
