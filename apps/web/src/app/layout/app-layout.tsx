import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { toast } from 'sonner';
import { ShieldXIcon } from 'lucide-react';
import { canSee, findItem } from '@/app/nav';
import { KeyboardLayer } from '@/app/keyboard/keyboard-layer';
import { AppHeader } from '@/app/layout/app-header';
import { SidebarContent } from '@/app/layout/sidebar-content';
import { SidebarProvider, useSidebar } from '@/app/layout/sidebar-context';
import { useMe } from '@/features/auth/api/get-me';
import { useLogout } from '@/features/auth/api/logout';
import { useOrgSettings } from '@/lib/settings/use-org-settings';
import { useLiveSettings } from '@/lib/settings/use-live-settings';
import { clearLogin, isSigningOut, updateUser } from '@/lib/auth-storage';
import { LiveEventsProvider } from '@/lib/live-events';
import { useAuth } from '@/lib/use-auth';
import { cn } from '@/lib/utils';

// The drawer (a modal dialog with focus trap and scroll lock) is only fetched on a narrow screen.
const MobileSidebar = lazy(() => import('@/app/layout/mobile-sidebar'));

/** The server ended this session: revoked by an administrator or from another device, unless the user signed out. */
function endedByServer() {
  const own = isSigningOut();
  clearLogin('session-ended');
  if (own) return;
  toast.warning('Sesión finalizada', {
    description: 'Su sesión fue cerrada desde otro dispositivo o por un administrador.',
  });
}

/** The signed-in shell: sidebar (drawer on mobile), header, live connection and the current page. */
export default function AppLayout() {
  return (
    <LiveEventsProvider onSessionEnded={endedByServer}>
      <SidebarProvider>
        <KeyboardLayer>
          <Shell />
        </KeyboardLayer>
      </SidebarProvider>
    </LiveEventsProvider>
  );
}

function Shell() {
  const { user } = useAuth();
  const me = useMe();
  const org = useOrgSettings();
  useLiveSettings();
  const logout = useLogout();
  const { expanded, isMobile, mobileOpen, setMobileOpen } = useSidebar();
  const location = useLocation();
  const navigation = useNavigation();
  const item = findItem(location.pathname);
  const allowed = !item || canSee(item, user?.role);

  // The server's view of the user wins over what was stored at login (name or role may have changed).
  const fresh = me.data?.user;
  useEffect(() => {
    if (fresh && JSON.stringify(fresh) !== JSON.stringify(user)) updateUser(fresh);
  }, [fresh, user]);

  useEffect(() => {
    document.title = item ? `${item.label} · ${org.orgName}` : org.orgName;
  }, [item, org.orgName]);

  const content = (collapsed: boolean, onNavigate?: () => void) => (
    <SidebarContent
      orgName={org.orgName}
      logoUrl={org.logoUrl}
      user={user}
      collapsed={collapsed}
      onLogout={() => logout.mutate()}
      loggingOut={logout.isPending}
      onNavigate={onNavigate}
    />
  );

  return (
    <div className="flex min-h-svh">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      {!isMobile && (
        <aside
          data-testid="sidebar"
          data-state={expanded ? 'expanded' : 'collapsed'}
          className={cn(
            'sticky top-0 h-svh shrink-0 border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-out',
            expanded ? 'w-[17rem]' : 'w-[4.25rem]',
          )}
        >
          {content(!expanded)}
        </aside>
      )}
      {isMobile && (
        <Suspense fallback={null}>
          <MobileSidebar open={mobileOpen} onOpenChange={setMobileOpen}>
            {content(false, () => setMobileOpen(false))}
          </MobileSidebar>
        </Suspense>
      )}

      <div className="flex min-w-0 flex-1 flex-col">
        <AppHeader
          orgName={org.orgName}
          timezone={org.timezone}
          demoMode={org.demoMode}
          user={user}
          onLogout={() => logout.mutate()}
        />
        {navigation.state === 'loading' && (
          <div
            className="h-0.5 w-full overflow-hidden bg-primary/10"
            role="progressbar"
            aria-label="Cargando página"
          >
            <div className="h-full w-1/3 animate-[fade-in_0.6s_ease-in-out_infinite_alternate] bg-primary" />
          </div>
        )}
        <main id="contenido" tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
          {allowed ? <Outlet /> : <Forbidden />}
        </main>
      </div>
    </div>
  );
}

function Forbidden() {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <ShieldXIcon className="mx-auto size-10 text-destructive" aria-hidden />
      <h1 className="mt-4 text-xl font-semibold">Acceso denegado</h1>
      <p className="mt-2 text-sm text-muted-foreground">No tienes permisos para realizar esta acción.</p>
    </div>
  );
}
