import { useQueryClient } from '@tanstack/react-query';
import { countOf } from '@ips/shared/format';
import { useLiveEvents } from '@/lib/live-events';
import { useWaitingCount } from '@/features/queue/api/queue-count';
import { queueKeys } from '@/features/queue/api/queue-keys';
import { QUEUE_STREAM_EVENTS } from '@/features/queue/api/queue-events';

/**
 * The sidebar's count beside 'Cola de Espera' (spec §2): patients on the waiting list. Live from the shell's own
 * event stream, which carries the queue's events (decision 012), so no second connection is opened on every
 * page; polled every 30 s as the fallback (and every 10 s while the shell is in POLL mode). Nothing is shown
 * until the first answer, nor when the count cannot be read.
 */
export function WaitingCountBadge() {
  const qc = useQueryClient();
  useLiveEvents(QUEUE_STREAM_EVENTS, () => void qc.invalidateQueries({ queryKey: queueKeys.count() }));
  const count = useWaitingCount();
  if (count.data === undefined) return null;
  const n = count.data;
  return (
    <span
      data-testid="queue-badge"
      aria-label={`${countOf(n, 'paciente', 'pacientes')} en espera`}
      className={
        n > 0
          ? 'min-w-6 rounded-full bg-orange-700 px-1.5 py-0.5 text-center text-xs font-semibold text-white tabular-nums'
          : 'min-w-6 rounded-full bg-sidebar-accent px-1.5 py-0.5 text-center text-xs font-medium text-sidebar-muted tabular-nums'
      }
    >
      {n > 99 ? '99+' : n}
    </span>
  );
}
