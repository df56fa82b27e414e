import { useState } from 'react';
import { toast } from 'sonner';
import { LogOutIcon } from 'lucide-react';
import { countOf, formatDateTime } from '@ips/shared/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useMySessions, type MySession } from '@/features/sessions/api/get-my-sessions';
import { useEndOtherSessions, useEndSession } from '@/features/sessions/api/end-sessions';
import { SessionDetails } from '@/components/session-details';
import { describeUserAgent } from '@/lib/describe-user-agent';
import { toastError } from '@/lib/error-toast';

type Pending = { kind: 'one'; session: MySession } | { kind: 'others' } | null;

export function MySessionsCard({ timezone }: { timezone: string }) {
  const sessions = useMySessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirm, setConfirm] = useState<Pending>(null);

  const list = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current));
  const others = list.filter((s) => !s.current).length;

  function runConfirmed() {
    if (!confirm) return;
    if (confirm.kind === 'one') {
      endOne.mutate(confirm.session.id, {
        onSuccess: () => {
          toast.success('Sesión finalizada', {
            description: 'El dispositivo deberá iniciar sesión de nuevo.',
          });
          setConfirm(null);
        },
        onError: (err) => {
          toastError(err, 'No se pudo cerrar la sesión');
          setConfirm(null);
        },
      });
    } else {
      endOthers.mutate(undefined, {
        onSuccess: () => {
          toast.success('Sesiones finalizadas', {
            description: 'Solo queda abierta la sesión de este dispositivo.',
          });
          setConfirm(null);
        },
        onError: (err) => {
          toastError(err, 'No se pudieron cerrar las sesiones');
          setConfirm(null);
        },
      });
    }
  }

  return (
    <Card aria-labelledby="my-sessions-title">
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id="my-sessions-title">Mis sesiones</CardTitle>
          <CardDescription>Dispositivos donde su cuenta tiene una sesión abierta.</CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          disabled={others === 0 || sessions.isPending}
          onClick={() => setConfirm({ kind: 'others' })}
        >
          <LogOutIcon aria-hidden />
          Cerrar las demás sesiones
        </Button>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="space-y-3" aria-label="Cargando sesiones">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : sessions.isError ? (
          <LoadError
            title="No se pudieron cargar las sesiones"
            error={sessions.error}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <ul className="divide-y rounded-lg border">
            {list.map((s) => (
              <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
                <SessionDetails
                  session={s}
                  timezone={timezone}
                  badge={s.current ? <Badge variant="success">Este dispositivo</Badge> : undefined}
                />
                {!s.current && (
                  <Button
                    variant="ghost-destructive"
                    size="sm"
                    className="self-end sm:self-center"
                    onClick={() => setConfirm({ kind: 'one', session: s })}
                    aria-label={`Cerrar la sesión de ${describeUserAgent(s.user_agent).label} iniciada el ${formatDateTime(s.created_at, timezone)}`}
                  >
                    Cerrar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'others' ? '¿Cerrar las demás sesiones?' : '¿Cerrar esta sesión?'}
        description={
          confirm?.kind === 'others'
            ? `Se cerrarán ${countOf(others, 'sesión', 'sesiones')} en otros dispositivos. Este dispositivo seguirá conectado.`
            : 'El dispositivo quedará desconectado y tendrá que iniciar sesión de nuevo.'
        }
        confirmLabel={confirm?.kind === 'others' ? 'Cerrar las demás' : 'Cerrar sesión'}
        pendingLabel="Cerrando…"
        pending={endOne.isPending || endOthers.isPending}
        onConfirm={runConfirmed}
      />
    </Card>
  );
}
