import { Link } from 'react-router';
import { Building2Icon, ChevronRightIcon, DatabaseIcon, KeyRoundIcon } from 'lucide-react';
import { MANAGER_ROLES } from '@ips/shared/catalogs/roles';
import { PageHeader } from '@/components/page-header';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { ActiveSessionsCard } from '@/features/sessions/components/active-sessions-card';
import { MySessionsCard } from '@/features/sessions/components/my-sessions-card';
import { LockedAccountsCard } from '@/features/users/components/locked-accounts-card';
import { OrganizationSettings } from '@/features/settings/components/organization-settings';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { useEmailStatus } from '@/features/notifications/api/notifications';
import { useAuth } from '@/lib/use-auth';

export default function SettingsPage() {
  const { user } = useAuth();
  const { timezone } = useOrgSettings();
  const emailConfigured = useEmailStatus().data;
  const isAdmin = user?.role === 'admin';
  const canManageResources = user !== null && MANAGER_ROLES.includes(user.role);

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title="Configuración"
        description="Datos de la IPS, call center, agenda, alertas, sesiones y seguridad del acceso."
      />

      <section aria-labelledby="org-heading" className="mb-8 space-y-4">
        <div className="flex items-center gap-2">
          <Building2Icon className="size-4 text-primary" aria-hidden />
          <h2
            id="org-heading"
            className="text-sm font-semibold tracking-wider text-muted-foreground uppercase"
          >
            Organización
          </h2>
        </div>
        <OrganizationSettings isAdmin={isAdmin} emailConfigured={emailConfigured} />
      </section>

      {user && <NotificationSettings role={user.role} timezone={timezone} />}

      {canManageResources && (
        <section aria-labelledby="admin-heading" className="mb-8 space-y-4">
          <div className="flex items-center gap-2">
            <DatabaseIcon className="size-4 text-primary" aria-hidden />
            <h2
              id="admin-heading"
              className="text-sm font-semibold tracking-wider text-muted-foreground uppercase"
            >
              Administración
            </h2>
          </div>
          <Link
            to="/settings/resources"
            className="group flex items-center gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors outline-none hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <DatabaseIcon className="size-5" aria-hidden />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">Gestión de Recursos</span>
              <span className="block text-sm text-muted-foreground">
                Especialidades, doctores, sedes, zonas y municipios, CUPS, EPS y sus autorizaciones, tipos de
                sede y servicios.
              </span>
            </span>
            <ChevronRightIcon
              className="size-5 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
              aria-hidden
            />
          </Link>
        </section>
      )}

      <section aria-labelledby="sessions-heading" className="space-y-4">
        <div className="flex items-center gap-2">
          <KeyRoundIcon className="size-4 text-primary" aria-hidden />
          <h2
            id="sessions-heading"
            className="text-sm font-semibold tracking-wider text-muted-foreground uppercase"
          >
            Sesiones
          </h2>
        </div>
        <MySessionsCard timezone={timezone} />
        {isAdmin && user && <ActiveSessionsCard timezone={timezone} currentUserId={String(user.id)} />}
        {isAdmin && <LockedAccountsCard timezone={timezone} />}
      </section>
    </div>
  );
}
