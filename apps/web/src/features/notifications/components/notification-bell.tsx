import { useState } from 'react';
import { useNavigate } from 'react-router';
import { BellIcon, CheckCheckIcon, CheckIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import type { NotificationDto } from '@ips/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { notifyError } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useMarkAllRead, useMarkRead, useMyNotifications } from '@/features/notifications/api/notifications';
import { useNotificationsLive } from '@/features/notifications/hooks/use-notifications-live';

function countText(n: number) {
  return n > 99 ? '99+' : String(n);
}

function Item({
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

/**
 * The bell of the header: the unread count, live over the user's own stream, and a panel with the latest
 * notifications (20 a page), each marked read when opened or with its check, and 'Marcar todas como leídas'.
 */
export default function NotificationBell({ timezone }: { timezone: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  useNotificationsLive(true);
  const first = useMyNotifications(1);
  const current = useMyNotifications(page, open && page > 1);
  const list = page === 1 ? first : current;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = first.data?.unread ?? 0;
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / (list.data?.limit ?? 20)));

  const markOne = (n: NotificationDto) => {
    if (n.read_at === null)
      markRead.mutate(n.id, { onError: (err) => notifyError(err, 'No se pudo marcar la notificación') });
  };
  const openItem = (n: NotificationDto) => {
    markOne(n);
    if (n.link) {
      setOpen(false);
      void navigate(n.link);
    }
  };

  return (
    <Popover
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) setPage(1);
      }}
    >
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative text-muted-foreground"
          aria-label={unread > 0 ? `Notificaciones: ${unread} sin leer` : 'Notificaciones'}
          data-testid="notification-bell"
        >
          <BellIcon aria-hidden />
          {unread > 0 && (
            <span
              className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
              data-testid="notification-count"
              aria-hidden
            >
              {countText(unread)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[26rem] max-w-[calc(100vw-1rem)] p-0"
        aria-label="Panel de notificaciones"
        data-testid="notification-panel"
      >
        <div className="flex items-center justify-between gap-2 border-b px-3 py-2">
          <h2 className="text-sm font-semibold whitespace-nowrap">
            Notificaciones
            {unread > 0 && (
              <span className="ml-1 font-normal text-muted-foreground max-sm:sr-only">
                ({unread} sin leer)
              </span>
            )}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 text-xs"
            disabled={unread === 0 || markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, {
                onError: (err) => notifyError(err, 'No se pudieron marcar las notificaciones'),
              })
            }
          >
            <CheckCheckIcon aria-hidden />
            Marcar todas como leídas
          </Button>
        </div>
        <div className="max-h-[min(28rem,65vh)] overflow-y-auto">
          {list.isLoading ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">Cargando…</p>
          ) : list.isError ? (
            <p className="px-3 py-6 text-center text-sm text-destructive" role="alert">
              No se pudieron cargar las notificaciones
            </p>
          ) : total === 0 ? (
            <p className="px-3 py-8 text-center text-sm text-muted-foreground">No tiene notificaciones</p>
          ) : (
            <ul className="divide-y" aria-label="Lista de notificaciones">
              {list.data?.data.map((n) => (
                <Item key={n.id} n={n} timezone={timezone} onOpen={openItem} onMarkRead={markOne} />
              ))}
            </ul>
          )}
        </div>
        {pages > 1 && (
          <div className="flex items-center justify-between border-t px-3 py-1.5 text-xs text-muted-foreground">
            <Button
              variant="ghost"
              size="sm"
              className="h-7 text-xs"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeftIcon aria-hidden />
              Más recientes
            </Button>
            <span className="tabular-nums">
              Página {page} de {pages}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="h-7 text-xs"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Anteriores
              <ChevronRightIcon aria-hidden />
            </Button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
