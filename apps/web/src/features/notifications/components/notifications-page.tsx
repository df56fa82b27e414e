import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckCheckIcon } from 'lucide-react';
import type { NotificationDto } from '@ips/shared/schemas/notifications';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { notifyError } from '@/lib/notify';
import { useMarkAllRead, useMarkRead, useMyNotifications } from '@/features/notifications/api/notifications';
import { NotificationItem } from '@/features/notifications/components/notification-item';

/** All my notifications, 20 a page, with the unread ones alone on their own tab. */
export default function NotificationsPage() {
  const { timezone } = useOrgSettings();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const navigate = useNavigate();
  const list = useMyNotifications(page, true, unreadOnly);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const total = list.data?.total ?? 0;
  const limit = list.data?.limit ?? 20;

  const markOne = (n: NotificationDto) => {
    if (n.read_at === null)
      markRead.mutate(n.id, { onError: (err) => notifyError(err, 'No se pudo marcar la notificación') });
  };

  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader
        title="Notificaciones"
        description={unread > 0 ? `${unread} sin leer` : 'Todas leídas'}
        actions={
          <Button
            variant="outline"
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
        }
      />
      <div role="group" aria-label="Mostrar" className="mb-3 inline-flex rounded-lg border bg-muted p-0.5">
        {(
          [
            [false, 'Todas'],
            [true, 'No leídas'],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={label}
            variant="ghost"
            size="sm"
            aria-pressed={unreadOnly === value}
            className={
              unreadOnly === value ? 'bg-background shadow-sm hover:bg-background' : 'text-muted-foreground'
            }
            onClick={() => {
              setUnreadOnly(value);
              setPage(1);
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      <div className="rounded-xl border bg-card shadow-sm">
        {list.isLoading ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">Cargando…</p>
        ) : list.isError ? (
          <p className="px-4 py-10 text-center text-sm text-destructive" role="alert">
            No se pudieron cargar las notificaciones
          </p>
        ) : total === 0 ? (
          <p className="px-4 py-10 text-center text-sm text-muted-foreground">
            {unreadOnly ? 'No tiene notificaciones sin leer' : 'No tiene notificaciones'}
          </p>
        ) : (
          <ul className="divide-y" aria-label="Notificaciones">
            {list.data?.data.map((n) => (
              <NotificationItem
                key={n.id}
                n={n}
                timezone={timezone}
                onMarkRead={markOne}
                onOpen={(x) => {
                  markOne(x);
                  if (x.link) void navigate(x.link);
                }}
              />
            ))}
          </ul>
        )}
      </div>
      {total > limit && (
        <Pagination
          className="mt-3"
          page={page}
          pageCount={Math.ceil(total / limit)}
          total={total}
          pageSize={limit}
          onPageChange={setPage}
          itemLabel="notificaciones"
          itemOne="notificación"
        />
      )}
    </div>
  );
}
