import { useWaitingCount } from '@/features/queue/api/queue-count';
import { useQueueLive } from '@/features/queue/hooks/use-queue-live';

/**
 * The sidebar's count beside 'Cola de Espera' (spec §2): patients on the waiting list, refreshed by the queue
 * stream and every 30 s. Nothing is shown until the first answer, nor when the count cannot be read.
 */
export function WaitingCountBadge() {
  useQueueLive();
  const count = useWaitingCount();
  if (count.data === undefined) return null;
  const n = count.data;
  return (
    <span
      data-testid="queue-badge"
      aria-label={`${n} ${n === 1 ? 'paciente' : 'pacientes'} en espera`}
      className={
        n > 0
          ? 'min-w-6 rounded-full bg-orange-500 px-1.5 py-0.5 text-center text-xs font-semibold text-white tabular-nums'
          : 'min-w-6 rounded-full bg-sidebar-accent px-1.5 py-0.5 text-center text-xs font-medium text-sidebar-muted tabular-nums'
      }
    >
      {n > 99 ? '99+' : n}
    </span>
  );
}
