import { useState } from 'react';
import { toast } from 'sonner';
import { ShieldAlertIcon, UsersIcon } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@ips/shared/catalogs/roles';
import { countOf } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveSessions, type ActiveSession } from '@/features/sessions/api/get-active-sessions';
import { useEndUserSessions } from '@/features/sessions/api/end-sessions';
import { SessionDetails } from '@/components/session-details';
import { toastError } from '@/lib/error-toast';
import { initials } from '@/lib/utils';

interface UserSessions {
  userId: string;
  name: string;
  email: string;
  role: ActiveSession['role'];
  sessions: ActiveSession[];
}

function groupByUser(sessions: ActiveSession[]): UserSessions[] {
  const byUser = new Map<string, UserSessions>();
  for (const s of sessions) {
    const key = String(s.user_id);
    let group = byUser.get(key);
    if (!group) {
      group = { userId: key, name: s.user_name, email: s.user_email, role: s.role, sessions: [] };
      byUser.set(key, group);
    }
    group.sessions.push(s);
  }
  return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** Administrators only: every open session, grouped by user, with a forced end per user. */
export function ActiveSessionsCard({ timezone, currentUserId }: { timezone: string; currentUserId: string }) {
  const sessions = useActiveSessions({ enabled: true });
  const endUser = useEndUserSessions();
  const [target, setTarget] = useState<UserSessions | null>(null);
  const groups = groupByUser(sessions.data ?? []);

  function forceEnd() {
    if (!target) return;
    endUser.mutate(target.userId, {
      onSuccess: () => {
        toast.success('Sesiones finalizadas', { description: `Se cerraron las sesiones de ${target.name}.` });
        setTarget(null);
      },
      onError: (err) => {
        toastError(err, 'No se pudo forzar el cierre');
        setTarget(null);
      },
    });
  }

  return (
    <Card aria-labelledby="active-sessions-title">
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id="active-sessions-title" className="flex items-center gap-2">
            <UsersIcon className="size-4 text-primary" aria-hidden />
            Sesiones activas
          </CardTitle>
          <CardDescription>Todos los usuarios con una sesión abierta en el sistema.</CardDescription>
        </div>
        {sessions.data && (
          <Badge variant="secondary" className="self-start">
            {countOf(groups.length, 'usuario')} · {countOf(sessions.data.length, 'sesión', 'sesiones')}
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="space-y-3" aria-label="Cargando sesiones activas">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : sessions.isError ? (
          <LoadError
            title="No se pudieron cargar las sesiones activas"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : groups.length === 0 ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            No hay sesiones activas.
          </p>
        ) : (
          <ul className="space-y-3">
            {groups.map((g) => {
              const isMe = g.userId === currentUserId;
              return (
                <li key={g.userId} className="rounded-lg border">
                  <div className="flex flex-col gap-3 border-b bg-muted/40 px-4 py-3 sm:flex-row sm:items-center">
                    <div className="flex min-w-0 flex-1 items-center gap-3">
                      <span
                        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
                        aria-hidden
                      >
                        {initials(g.name)}
                      </span>
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-medium">
                          <span className="truncate">{g.name}</span>
                          <Badge variant="outline">{ROLE_LABELS[g.role as Role] ?? g.role}</Badge>
                          {isMe && <Badge variant="success">Usted</Badge>}
                        </p>
                        <p className="truncate text-xs text-muted-foreground">
                          {g.email} · {countOf(g.sessions.length, 'sesión', 'sesiones')}
                        </p>
                      </div>
                    </div>
                    {/* Own sessions are ended from "Mis sesiones", which keeps this one open. */}
                    {!isMe && (
                      <Button
                        variant="outline"
                        size="sm"
                        className="self-end text-destructive hover:text-destructive sm:self-center"
                        onClick={() => setTarget(g)}
                        aria-label={`Forzar cierre de las sesiones de ${g.name}`}
                      >
                        <ShieldAlertIcon aria-hidden />
                        Forzar cierre
                      </Button>
                    )}
                  </div>
                  <ul className="divide-y">
                    {g.sessions.map((s) => (
                      <li key={s.id} className="px-4 py-3">
                        <SessionDetails session={s} timezone={timezone} />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>

      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title="¿Forzar el cierre de sesiones?"
        description={
          target && (
            <>
              Se cerrarán todas las sesiones de <strong className="text-foreground">{target.name}</strong> (
              {countOf(target.sessions.length, 'sesión', 'sesiones')}). Deberá iniciar sesión de nuevo en cada
              dispositivo.
            </>
          )
        }
        confirmLabel="Forzar cierre"
        pendingLabel="Cerrando…"
        pending={endUser.isPending}
        onConfirm={forceEnd}
      />
    </Card>
  );
}
