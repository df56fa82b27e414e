import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BellIcon, CheckCheckIcon, ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type { NotificationDto } from '@ips/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { notifyError } from '@/lib/notify';
import { useMarkAllRead, useMarkRead, useMyNotifications } from '@/features/notifications/api/notifications';
import { useNotificationsLive } from '@/features/notifications/hooks/use-notifications-live';
import { NotificationItem } from '@/features/notifications/components/notification-item';

function countText(n: number) {
  return n > 99 ? '99+' : String(n);
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
                <NotificationItem
                  key={n.id}
                  n={n}
                  timezone={timezone}
                  onOpen={openItem}
                  onMarkRead={markOne}
                />
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
        <div className="border-t px-3 py-2 text-center">
          <Link
            to="/notifications"
            onClick={() => setOpen(false)}
            className="rounded-sm text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Ver todas las notificaciones
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
