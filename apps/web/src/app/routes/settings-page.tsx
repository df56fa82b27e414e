import { KeyRoundIcon } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { useOrgSettings } from '@/features/settings/hooks/use-org-settings';
import { ActiveSessionsCard } from '@/features/sessions/components/active-sessions-card';
import { MySessionsCard } from '@/features/sessions/components/my-sessions-card';
import { useAuth } from '@/lib/use-auth';

export default function SettingsPage() {
  const { user } = useAuth();
  const { timezone } = useOrgSettings();
  const isAdmin = user?.role === 'admin';

  return (
    <div className="mx-auto w-full max-w-5xl">
      <PageHeader
        title="Configuración"
        description="Preferencias de su cuenta y seguridad del acceso al sistema."
      />

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
      </section>
    </div>
  );
}
