import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeftIcon, KeyRoundIcon, LogOutIcon, ShieldAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useLogout } from '@/features/auth/api/logout';
import { useMe } from '@/features/auth/api/get-me';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { updateUser } from '@/lib/auth-storage';
import { useAuth } from '@/lib/use-auth';

/**
 * A full page outside the app shell: while the password must be changed (decision 021) there is no navigation to
 * leave by, only signing out. Reached also from the user menu, with a way back.
 */
export default function ChangePasswordPage() {
  const { user } = useAuth();
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const forced = user?.must_change_password === true;

  // The server's flag wins over the one stored at login (an administrator may have reset the password since).
  const fresh = me.data?.user;
  useEffect(() => {
    if (fresh && JSON.stringify(fresh) !== JSON.stringify(user)) updateUser(fresh);
  }, [fresh, user]);
  useEffect(() => {
    document.title = 'Cambiar contraseña';
  }, []);

  return (
    <div className="flex min-h-svh items-start justify-center bg-muted/40 px-4 py-10 sm:items-center">
      <main className="w-full max-w-md rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex items-center gap-3">
          <div className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <KeyRoundIcon className="size-5" aria-hidden />
          </div>
          <div className="min-w-0">
            <h1 className="text-xl font-semibold tracking-tight">Cambiar contraseña</h1>
            <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
          </div>
        </div>

        {forced && (
          <Alert variant="info" className="mb-5" role="status">
            <ShieldAlertIcon aria-hidden />
            <AlertTitle>Debe cambiar su contraseña</AlertTitle>
            <AlertDescription>
              Su contraseña fue asignada por un administrador. Elija una nueva para continuar.
            </AlertDescription>
          </Alert>
        )}

        <ChangePasswordForm onDone={() => navigate('/', { replace: true })} />

        <div className="mt-6 flex items-center justify-between gap-3 border-t pt-4 text-sm">
          {forced ? (
            <span />
          ) : (
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <ArrowLeftIcon aria-hidden />
                Volver
              </Link>
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
            <LogOutIcon aria-hidden />
            Cerrar sesión
          </Button>
        </div>
      </main>
    </div>
  );
}
