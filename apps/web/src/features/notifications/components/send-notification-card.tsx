import { useState, type FormEvent } from 'react';
import { SendIcon, XIcon } from 'lucide-react';
import { ROLE_LABELS, ROLES, type Role } from '@ips/shared/catalogs/roles';
import type { RecipientDto } from '@ips/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useDebounced } from '@/lib/use-debounced';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useRecipients, useSendNotification } from '@/features/notifications/api/notifications';

/** 'Enviar notificación' (administrador y supervisor): a title and message to roles and chosen users. */
export function SendNotificationCard() {
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [roles, setRoles] = useState<Role[]>([]);
  const [users, setUsers] = useState<RecipientDto[]>([]);
  const [q, setQ] = useState('');
  const [error, setError] = useState<string | undefined>();
  const search = useDebounced(q.trim(), 250);
  const found = useRecipients(search, search.length >= 2);
  const send = useSendNotification();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return setError('El título es obligatorio');
    if (roles.length === 0 && users.length === 0) return setError('Seleccione al menos un usuario o un rol');
    setError(undefined);
    send.mutate(
      { title, body, roles, user_ids: users.map((u) => u.id) },
      {
        onSuccess: (r) => {
          notifySuccess('Notificación enviada', `${r.data.recipients} destinatario(s)`);
          setTitle('');
          setBody('');
          setRoles([]);
          setUsers([]);
        },
        onError: (err) => notifyError(err, 'No se pudo enviar la notificación'),
      },
    );
  };

  return (
    <Card aria-labelledby="send-notification-title">
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id="send-notification-title" className="flex items-center gap-2">
            <SendIcon className="size-4 text-primary" aria-hidden />
            Enviar notificación
          </CardTitle>
          <CardDescription>Un aviso en la campana de los roles o usuarios que elija.</CardDescription>
        </div>
      </CardHeader>
      <form onSubmit={submit} noValidate aria-labelledby="send-notification-title">
        <CardContent className="space-y-4">
          <Field id="notification-title" label="Título" required error={error}>
            <Input
              id="notification-title"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              aria-invalid={Boolean(error) || undefined}
              aria-describedby={error ? 'notification-title-error' : undefined}
            />
          </Field>
          <Field id="notification-body" label="Mensaje">
            <Textarea
              id="notification-body"
              value={body}
              maxLength={2000}
              rows={3}
              onChange={(e) => setBody(e.target.value)}
            />
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Roles</legend>
            <div className="flex flex-wrap gap-x-5 gap-y-2">
              {ROLES.map((r) => (
                <div key={r} className="flex items-center gap-2">
                  <Checkbox
                    id={`notify-role-${r}`}
                    checked={roles.includes(r)}
                    onCheckedChange={(v) =>
                      setRoles((rs) => (v === true ? [...rs, r] : rs.filter((x) => x !== r)))
                    }
                  />
                  <Label htmlFor={`notify-role-${r}`} className="font-normal">
                    {ROLE_LABELS[r]}
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
          <div className="space-y-2">
            <Label htmlFor="notify-user-search">Usuarios</Label>
            <Input
              id="notify-user-search"
              type="search"
              placeholder="Buscar por nombre o correo (2 letras o más)"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
            {search.length >= 2 && (found.data?.length ?? 0) > 0 && (
              <ul
                className="max-h-40 divide-y overflow-y-auto rounded-md border text-sm"
                aria-label="Usuarios encontrados"
              >
                {found.data!.map((u) => (
                  <li key={u.id}>
                    <button
                      type="button"
                      className="w-full px-3 py-1.5 text-left outline-none hover:bg-accent focus-visible:bg-accent"
                      onClick={() => {
                        setUsers((us) => (us.some((x) => x.id === u.id) ? us : [...us, u]));
                        setQ('');
                      }}
                    >
                      {u.name} <span className="text-muted-foreground">· {u.email}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {users.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Usuarios elegidos">
                {users.map((u) => (
                  <li
                    key={u.id}
                    className="flex items-center gap-1 rounded-full border bg-muted px-2.5 py-0.5 text-xs"
                  >
                    {u.name}
                    <button
                      type="button"
                      className="rounded-full p-0.5 outline-none hover:bg-background focus-visible:ring-2 focus-visible:ring-ring"
                      aria-label={`Quitar a ${u.name}`}
                      onClick={() => setUsers((us) => us.filter((x) => x.id !== u.id))}
                    >
                      <XIcon className="size-3" aria-hidden />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={send.isPending}>
            <SendIcon aria-hidden />
            {send.isPending ? 'Enviando…' : 'Enviar notificación'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
