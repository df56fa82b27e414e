import { useEffect, useState } from 'react';
import { BellRingIcon } from 'lucide-react';
import type { NotificationPreferenceDto } from '@ips/shared/schemas/notifications';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Switch } from '@/components/ui/switch';
import { notifyError, notifySuccess } from '@/lib/notify';
import { usePreferences, useSavePreferences } from '@/features/notifications/api/notifications';

const same = (a: NotificationPreferenceDto[], b: NotificationPreferenceDto[]) =>
  a.every((p, i) => p.in_app === b[i]?.in_app && p.email === b[i]?.email);

/** 'Mis notificaciones': per type, in the bell and by e-mail (each user their own). */
export function NotificationPreferencesCard() {
  const query = usePreferences();
  const save = useSavePreferences();
  const [rows, setRows] = useState<NotificationPreferenceDto[]>([]);
  useEffect(() => {
    if (query.data) setRows(query.data.data);
  }, [query.data]);
  const saved = query.data?.data ?? [];
  const dirty = rows.length > 0 && !same(rows, saved);
  const emailOk = query.data?.email_configured ?? false;
  const set = (type: string, key: 'in_app' | 'email', v: boolean) =>
    setRows((rs) => rs.map((r) => (r.type === type ? { ...r, [key]: v } : r)));

  return (
    <Card aria-labelledby="notification-prefs-title" data-testid="notification-preferences">
      <CardHeader>
        <div className="space-y-1">
          <CardTitle id="notification-prefs-title" className="flex items-center gap-2">
            <BellRingIcon className="size-4 text-primary" aria-hidden />
            Mis notificaciones
          </CardTitle>
          <CardDescription>
            Elija qué avisos ve en la campana y cuáles recibe también por correo.
            {!emailOk &&
              query.data &&
              ' El correo no está configurado en el servidor: por ahora no se envían correos.'}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <p className="text-sm text-muted-foreground">Cargando…</p>
        ) : query.isError ? (
          <p className="text-sm text-destructive" role="alert">
            No se pudieron cargar las preferencias
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 font-medium">
                  Tipo de aviso
                </th>
                <th scope="col" className="w-24 py-2 text-center font-medium">
                  En la aplicación
                </th>
                <th scope="col" className="w-20 py-2 text-center font-medium">
                  Por correo
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.type} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-normal">
                    {r.label}
                  </th>
                  <td className="py-2 text-center">
                    <Switch
                      checked={r.in_app}
                      onCheckedChange={(v) => set(r.type, 'in_app', v)}
                      aria-label={`${r.label}: en la aplicación`}
                    />
                  </td>
                  <td className="py-2 text-center">
                    <Switch
                      checked={r.email}
                      onCheckedChange={(v) => set(r.type, 'email', v)}
                      aria-label={`${r.label}: por correo`}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
      <CardFooter className="justify-end gap-2">
        <Button variant="outline" disabled={!dirty || save.isPending} onClick={() => setRows(saved)}>
          Descartar
        </Button>
        <Button
          disabled={!dirty || save.isPending}
          onClick={() =>
            save.mutate(
              { preferences: rows.map(({ type, in_app, email }) => ({ type, in_app, email })) },
              {
                onSuccess: () => notifySuccess('Preferencias guardadas'),
                onError: (err) => notifyError(err, 'No se pudieron guardar las preferencias'),
              },
            )
          }
        >
          {save.isPending ? 'Guardando…' : 'Guardar preferencias'}
        </Button>
      </CardFooter>
    </Card>
  );
}
