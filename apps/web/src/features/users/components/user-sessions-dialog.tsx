import { useState } from 'react';
import { ShieldAlertIcon } from 'lucide-react';
import type { UserDto } from '@ips/shared/schemas/users';
import { ListSkeleton, LoadError } from '@/components/list-states';
import { SessionDetails } from '@/components/session-details';
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
import { useEndUserSessions, useUserSessions } from '@/features/users/api/user-sessions';
import { toastError } from '@/lib/error-toast';
import { notifySuccess } from '@/lib/notify';

/** The user's open sessions (device, address, times) and a forced end of all of them. */
export function UserSessionsDialog({
  user,
  timezone,
  isMe,
  onClose,
}: {
  user: UserDto | null;
  timezone: string;
  isMe: boolean;
  onClose: () => void;
}) {
  const sessions = useUserSessions(user?.id ?? null);
  const end = useEndUserSessions();
  const [confirming, setConfirming] = useState(false);
  const list = sessions.data ?? [];

  function close() {
    setConfirming(false);
    onClose();
  }

  function endAll() {
    if (!user) return;
    end.mutate(user.id, {
      onSuccess: (r) => {
        notifySuccess(
          'Sesiones finalizadas',
          `Se ${r.ended === 1 ? 'cerró 1 sesión' : `cerraron ${r.ended} sesiones`} de ${user.name}.`,
        );
        close();
      },
      onError: (err) => toastError(err, 'No se pudo forzar el cierre'),
    });
  }

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !end.isPending && close()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Sesiones activas</DialogTitle>
          <DialogDescription>
            {user?.name} · {user?.email}
          </DialogDescription>
        </DialogHeader>
        {sessions.isPending ? (
          <ListSkeleton rows={2} label="Cargando sesiones" />
        ) : sessions.isError ? (
          <LoadError
            title="No se pudieron cargar las sesiones"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No tiene sesiones abiertas.
          </p>
        ) : (
          <ul className="divide-y rounded-lg border" aria-label="Sesiones abiertas">
            {list.map((s) => (
              <li key={s.id} className="px-4 py-3">
                <SessionDetails
                  session={s}
                  timezone={timezone}
                  badge={s.current ? <Badge variant="success">Esta sesión</Badge> : undefined}
                />
              </li>
            ))}
          </ul>
        )}
        {confirming && (
          <p className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm" role="alert">
            Se cerrarán las {list.length === 1 ? 'sesión' : `${list.length} sesiones`} de{' '}
            <strong>{user?.name}</strong>. Deberá iniciar sesión de nuevo en cada dispositivo.
          </p>
        )}
        <DialogFooter>
          {isMe ? (
            <p className="mr-auto self-center text-xs text-muted-foreground">
              Sus propias sesiones se cierran desde Configuración → Mis sesiones.
            </p>
          ) : (
            list.length > 0 &&
            (confirming ? (
              <>
                <Button variant="outline" onClick={() => setConfirming(false)} disabled={end.isPending}>
                  Cancelar
                </Button>
                <Button variant="destructive" onClick={endAll} disabled={end.isPending}>
                  <ShieldAlertIcon aria-hidden />
                  {end.isPending ? 'Cerrando…' : 'Confirmar cierre'}
                </Button>
              </>
            ) : (
              <Button variant="outline" className="text-destructive" onClick={() => setConfirming(true)}>
                <ShieldAlertIcon aria-hidden />
                Forzar cierre de sesiones
              </Button>
            ))
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
