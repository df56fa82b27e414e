import { lazy, Suspense } from 'react';
import { FlaskConicalIcon, MenuIcon, PanelLeftCloseIcon, PanelLeftOpenIcon, SearchIcon } from 'lucide-react';
import { formatLongDate } from '@ips/shared/format';
import { useSidebar } from '@/app/layout/sidebar-context';
import { ShortcutHint } from '@/components/kbd';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Hint } from '@/components/ui/hint';
import type { AuthUser } from '@/lib/auth-storage';
import { useShellActions } from '@/lib/shell-actions';
import { ariaKeyShortcuts, isMacPlatform, shortcutText } from '@/lib/shortcuts';
import { initials } from '@/lib/utils';

// The menu's Radix dropdown (with floating-ui, ~30 KB gzip) loads just after the shell, not in its first load
// (scripts/check-bundle.mjs); until then the same avatar shows, inert.
const UserMenu = lazy(() => import('@/app/layout/user-menu').then((m) => ({ default: m.UserMenu })));
// The bell (its popover, queries and stream) loads after the shell too (features/notifications).
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell'));

function UserAvatarPlaceholder({ name }: { name: string }) {
  return (
    <span className="flex size-9 items-center justify-center" aria-hidden>
      <span className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary">
        {initials(name)}
      </span>
    </span>
  );
}

const SHORTCUT = shortcutText('toggle-sidebar', isMacPlatform());
const SEARCH_HINT = `Buscar páginas, pacientes y doctores (${shortcutText('command-palette', isMacPlatform())})`;

/** Opens the command palette; on a wide screen it looks like a search field with its shortcut. */
function PaletteButton() {
  const shell = useShellActions();
  if (!shell) return null;
  return (
    <Hint label={SEARCH_HINT}>
      <Button
        variant="outline"
        onClick={shell.openPalette}
        aria-label="Buscar en la aplicación"
        aria-keyshortcuts={ariaKeyShortcuts('command-palette')}
        aria-haspopup="dialog"
        data-testid="palette-button"
        className="h-9 text-muted-foreground max-md:w-9 max-md:px-0 md:w-60 md:justify-start lg:w-72"
      >
        <SearchIcon aria-hidden />
        <span className="flex-1 text-left max-md:sr-only">Buscar…</span>
        <ShortcutHint id="command-palette" className="max-md:hidden" />
      </Button>
    </Hint>
  );
}

export function AppHeader({
  orgName,
  timezone,
  demoMode,
  user,
  onLogout,
}: {
  orgName: string;
  timezone: string;
  demoMode: boolean;
  user: AuthUser | null;
  onLogout: () => void;
}) {
  const { expanded, isMobile, toggle, setMobileOpen } = useSidebar();
  const label = isMobile ? 'Abrir menú' : expanded ? 'Contraer menú' : 'Expandir menú';
  const today = formatLongDate(new Date(), timezone);

  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-3 border-b bg-card/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/75 md:px-5">
      <Hint label={isMobile ? label : `${label} (${SHORTCUT})`}>
        <Button
          variant="ghost"
          size="icon"
          onClick={isMobile ? () => setMobileOpen(true) : toggle}
          aria-label={label}
          aria-keyshortcuts={isMobile ? undefined : ariaKeyShortcuts('toggle-sidebar')}
          aria-expanded={isMobile ? undefined : expanded}
          className="text-muted-foreground"
        >
          {isMobile ? (
            <MenuIcon aria-hidden />
          ) : expanded ? (
            <PanelLeftCloseIcon aria-hidden />
          ) : (
            <PanelLeftOpenIcon aria-hidden />
          )}
        </Button>
      </Hint>

      {isMobile ? (
        <p className="min-w-0 flex-1 truncate text-sm font-semibold">{orgName}</p>
      ) : (
        <p className="min-w-0 flex-1 truncate text-sm text-muted-foreground first-letter:uppercase">
          {today}
        </p>
      )}

      <PaletteButton />
      {demoMode && (
        <Badge
          variant="warning"
          className="py-1"
          title="Datos y usuarios de demostración"
          data-testid="demo-badge"
        >
          <FlaskConicalIcon aria-hidden />
          <span className="max-[420px]:sr-only">Modo demostración</span>
          <span className="hidden max-[420px]:inline" aria-hidden>
            Demo
          </span>
        </Badge>
      )}
      {user && (
        <Suspense fallback={<span className="size-9" aria-hidden />}>
          <NotificationBell timezone={timezone} />
        </Suspense>
      )}
      <Suspense fallback={user ? <UserAvatarPlaceholder name={user.name} /> : null}>
        <UserMenu user={user} onLogout={onLogout} />
      </Suspense>
    </header>
  );
}
