import { useState, type FormEvent } from 'react';
import { InboxIcon } from 'lucide-react';
import { formatDateTime } from '@ips/shared/format';
import { EMAIL_NOT_CONFIGURED, EMAIL_STATUS_LABELS } from '@ips/shared/schemas/notifications';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useOutbox, useSendTestEmail } from '@/features/notifications/api/notifications';
import { useQueryClient } from '@tanstack/react-query';

const VARIANT = { pending: 'warning', sent: 'success', failed: 'destructive' } as const;

/** The administrator's view of outgoing e-mail: 'Enviar correo de prueba' and the latest messages' status. */
export function EmailOutboxCard({ timezone }: { timezone: string }) {
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const outbox = useOutbox(page);
  const test = useSendTestEmail();
  const qc = useQueryClient();
  const configured = outbox.data?.email_configured ?? false;
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / 10));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.mutate(to.trim(), {
      onSuccess: () => {
        notifySuccess('Correo de prueba en cola de envío', to.trim());
        void qc.invalidateQueries({ queryKey: ['notifications', 'outbox'] });
      },
      onError: (err) => notifyError(err, 'No se pudo enviar el correo de prueba'),
    });
  };

  return (
    <Card aria-labelledby="email-outbox-title" data-testid="email-outbox">
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id="email-outbox-title" className="flex items-center gap-2">
            <InboxIcon className="size-4 text-primary" aria-hidden />
            Correo saliente
          </CardTitle>
          <CardDescription>
            {outbox.data && !configured
              ? EMAIL_NOT_CONFIGURED + '. Los correos quedan pendientes hasta que se configure.'
              : 'Cada correo se envía una vez, con reintentos; aquí se ve su estado y el último error.'}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
          <div className="min-w-56 flex-1 space-y-1.5">
            <Label htmlFor="test-email-to">Correo de destino</Label>
            <Input
              id="test-email-to"
              type="email"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              placeholder="sistemas@ips.co"
              disabled={!configured}
            />
          </div>
          <Button type="submit" variant="outline" disabled={!configured || test.isPending || !to.trim()}>
            Enviar correo de prueba
          </Button>
        </form>
        {outbox.isError ? (
          <p className="text-sm text-destructive" role="alert">
            No se pudo cargar la bandeja de salida
          </p>
        ) : (outbox.data?.data.length ?? 0) === 0 ? (
          <p className="text-sm text-muted-foreground">Aún no se ha enviado ningún correo.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Últimos correos</caption>
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Destinatario y asunto
                  </th>
                  <th scope="col" className="py-2 pr-2 font-medium">
                    Estado
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Creado
                  </th>
                </tr>
              </thead>
              <tbody>
                {outbox.data!.data.map((m) => (
                  <tr key={m.id} className="border-b align-top last:border-0" data-testid="outbox-row">
                    <td className="max-w-72 py-2 pr-2">
                      <span className="block truncate font-medium">{m.to_address}</span>
                      <span className="block truncate text-xs text-muted-foreground">{m.subject}</span>
                      {m.last_error && m.status !== 'sent' && (
                        <span className="block text-xs break-words text-destructive">{m.last_error}</span>
                      )}
                    </td>
                    <td className="py-2 pr-2 whitespace-nowrap">
                      <Badge variant={VARIANT[m.status]}>{EMAIL_STATUS_LABELS[m.status]}</Badge>
                      <span className="block text-xs text-muted-foreground">{m.attempts} intento(s)</span>
                    </td>
                    <td className="py-2 text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                      {formatDateTime(m.created_at, timezone)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <div className="flex items-center justify-end gap-2 text-xs text-muted-foreground">
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Anterior
            </Button>
            <span className="tabular-nums">
              Página {page} de {pages}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Siguiente
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
