import { CheckIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import type { NotificationDto } from '@ips/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** One notification: opening it marks it read and follows its link; the check marks it read in place. */
export function NotificationItem({
  n,
  timezone,
  onOpen,
  onMarkRead,
}: {
  n: NotificationDto;
  timezone: string;
  onOpen: (n: NotificationDto) => void;
  onMarkRead: (n: NotificationDto) => void;
}) {
  const unread = n.read_at === null;
  return (
    <li className={cn('group relative flex gap-2 px-3 py-2.5', unread && 'bg-primary/5')}>
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-primary' : 'bg-transparent')}
        aria-hidden
      />
      <button
        type="button"
        onClick={() => onOpen(n)}
        className="min-w-0 flex-1 rounded-sm text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        data-testid="notification-item"
      >
        <span className={cn('block text-sm', unread ? 'font-semibold' : 'font-medium text-muted-foreground')}>
          {unread && <span className="sr-only">Sin leer: </span>}
          {n.title}
        </span>
        {n.body && <span className="line-clamp-3 block text-xs text-muted-foreground">{n.body}</span>}
        <span className="mt-0.5 block text-[11px] text-muted-foreground tabular-nums">
          {formatDateTime(n.created_at, timezone)}
        </span>
      </button>
      {unread && (
        <Button
          variant="ghost"
          size="icon"
          className="size-7 shrink-0 text-muted-foreground"
          aria-label={`Marcar como leída: ${n.title}`}
          title="Marcar como leída"
          onClick={() => onMarkRead(n)}
        >
          <CheckIcon aria-hidden />
        </Button>
      )}
    </li>
  );
}
