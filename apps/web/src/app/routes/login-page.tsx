import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import {
  CalendarCheck2Icon,
  ClockIcon,
  FlaskConicalIcon,
  HeartPulseIcon,
  InfoIcon,
  ShieldCheckIcon,
} from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePublicSettings } from '@/lib/settings/get-public-settings';
import { peekLogoutReason, resetLogoutReason, type LogoutReason } from '@/lib/auth-storage';
import { useAuth } from '@/lib/use-auth';

const NOTICES: Partial<Record<LogoutReason, string>> = {
  expired: 'Su sesión expiró. Inicie sesión nuevamente para continuar.',
  unauthorized: 'Su sesión ya no es válida. Inicie sesión nuevamente.',
  'session-ended': 'Su sesión fue cerrada desde otro dispositivo o por un administrador.',
};

function safeFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' &&
    from.startsWith('/') &&
    !from.startsWith('//') &&
    !from.startsWith('/login')
    ? from
    : '/';
}

export default function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  const settings = usePublicSettings();
  const [reason] = useState(peekLogoutReason);
  const orgName = settings.data?.org_name ?? '';
  const demoMode = settings.data?.demo_mode === true;
  const logoUrl = settings.data?.org_logo_url ?? '';

  useEffect(() => resetLogoutReason(), []);
  useEffect(() => {
    document.title = orgName ? `Iniciar sesión · ${orgName}` : 'Iniciar sesión';
  }, [orgName]);

  if (auth.isValid) return <Navigate to={safeFrom(location.state)} replace />;
  const notice = reason ? NOTICES[reason] : undefined;

  return (
    <div className="grid min-h-svh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-[oklch(0.42_0.09_195)] via-[oklch(0.47_0.1_190)] to-[oklch(0.55_0.09_175)] p-10 text-white lg:flex lg:flex-col">
        <div
          className="pointer-events-none absolute -top-24 -right-24 size-80 rounded-full bg-white/10"
          aria-hidden
        />
        <div
          className="pointer-events-none absolute -bottom-32 -left-16 size-96 rounded-full bg-white/5"
          aria-hidden
        />
        <div className="relative flex items-center gap-3">
          {logoUrl ? (
            <img
              src={logoUrl}
              alt=""
              className="size-11 shrink-0 rounded-xl bg-white object-contain p-1 ring-1 ring-white/25"
            />
          ) : (
            <span className="flex size-11 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/25">
              <HeartPulseIcon className="size-6" aria-hidden />
            </span>
          )}
          <div>
            <p className="text-lg leading-tight font-semibold">{orgName || '\u00a0'}</p>
            <p className="text-sm text-white/75">Sistema Médico Avanzado</p>
          </div>
        </div>
        <div className="relative mt-auto max-w-md">
          <h2 className="text-3xl leading-tight font-semibold text-balance">
            Atención organizada para cada paciente.
          </h2>
          <p className="mt-3 text-white/80">
            Agendas, citas y seguimiento de pacientes en un solo lugar, con la hora de su sede.
          </p>
          <ul className="mt-8 space-y-3 text-sm text-white/90">
            <li className="flex items-center gap-3">
              <CalendarCheck2Icon className="size-4" aria-hidden /> Agendas médicas y citas
            </li>
            <li className="flex items-center gap-3">
              <ClockIcon className="size-4" aria-hidden /> Actualización en tiempo real
            </li>
            <li className="flex items-center gap-3">
              <ShieldCheckIcon className="size-4" aria-hidden /> Acceso seguro y control de sesiones
            </li>
          </ul>
        </div>
      </aside>

      <main className="flex flex-col items-center justify-center px-5 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <div className="mb-8 flex items-center gap-3 lg:hidden">
            {logoUrl ? (
              <img
                src={logoUrl}
                alt=""
                data-testid="login-logo"
                className="size-10 shrink-0 rounded-xl border bg-white object-contain"
              />
            ) : (
              <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
                <HeartPulseIcon className="size-5" aria-hidden />
              </span>
            )}
            <div className="min-w-0">
              {settings.isPending ? (
                <Skeleton className="h-5 w-40" />
              ) : (
                <p className="truncate leading-tight font-semibold">{orgName}</p>
              )}
              <p className="text-sm text-muted-foreground">Sistema Médico Avanzado</p>
            </div>
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">Iniciar sesión</h1>
            {demoMode && (
              <Badge variant="warning" className="py-1" data-testid="demo-badge">
                <FlaskConicalIcon aria-hidden />
                Modo demostración
              </Badge>
            )}
          </div>
          <p className="mt-1 mb-6 text-sm text-muted-foreground">
            Ingrese con su correo y contraseña institucional.
          </p>

          {notice && (
            <Alert variant="info" className="mb-5" role="status">
              <InfoIcon aria-hidden />
              <AlertDescription>{notice}</AlertDescription>
            </Alert>
          )}

          <LoginForm demoMode={demoMode} />

          <p className="mt-8 text-center text-xs text-muted-foreground">
            ¿Problemas para ingresar? Comuníquese con el administrador del sistema.
          </p>
        </div>
      </main>
    </div>
  );
}
