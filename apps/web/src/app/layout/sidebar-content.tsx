import { HeartPulseIcon, LogOutIcon } from 'lucide-react';
import { ROLE_LABELS } from '@ips/shared/catalogs/roles';
import { NAV_GROUPS, NAV_ITEMS, canSee } from '@/app/nav';
import { ConnectionBadge } from '@/app/layout/connection-badge';
import { CollapsedTooltip, NavLinkItem, sidebarItemClass } from '@/app/layout/nav-link-item';
import { Separator } from '@/components/ui/separator';
import type { AuthUser } from '@/lib/auth-storage';
import { cn, initials } from '@/lib/utils';

interface SidebarContentProps {
  orgName: string;
  /** The saved logo (Configuración → Información de la IPS); the app's mark when none. */
  logoUrl?: string;
  user: AuthUser | null;
  collapsed: boolean;
  onLogout: () => void;
  loggingOut: boolean;
  /** Closes the mobile drawer after a choice. */
  onNavigate?: () => void;
}

export const SIDEBAR_SUBTITLE = 'Sistema Médico Avanzado';

export function SidebarContent({
  orgName,
  logoUrl,
  user,
  collapsed,
  onLogout,
  loggingOut,
  onNavigate,
}: SidebarContentProps) {
  const role = user?.role;
  const groups = NAV_GROUPS.map((g) => ({
    ...g,
    items: NAV_ITEMS.filter((i) => i.group === g.id && canSee(i, role)),
  }))
    // A group with no pages yet is not shown at all.
    .filter((g) => g.items.length > 0);
  const footerItems = NAV_ITEMS.filter((i) => i.group === 'footer' && canSee(i, role));

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className={cn('flex h-16 shrink-0 items-center gap-3 px-4', collapsed && 'justify-center px-0')}>
        {logoUrl ? (
          <img
            src={logoUrl}
            alt=""
            data-testid="org-logo"
            className="size-9 shrink-0 rounded-lg border border-sidebar-border bg-white object-contain"
          />
        ) : (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
            <HeartPulseIcon className="size-5" aria-hidden />
          </span>
        )}
        <div className={cn('min-w-0', collapsed && 'sr-only')}>
          <p
            className="line-clamp-2 text-sm leading-tight font-semibold text-foreground"
            data-testid="org-name"
          >
            {orgName}
          </p>
          <p className="truncate text-xs text-sidebar-muted">{SIDEBAR_SUBTITLE}</p>
        </div>
      </div>
      <Separator className="bg-sidebar-border" />

      <nav aria-label="Menú principal" className="flex-1 overflow-y-auto px-3 py-4">
        {groups.map((g) => (
          <div key={g.id} className="mb-5 last:mb-0" role="group" aria-label={g.label ?? 'Inicio'}>
            {g.label && (
              <p
                className={cn(
                  'mb-1.5 px-3 text-[0.6875rem] font-semibold tracking-wider text-sidebar-muted uppercase',
                  collapsed && 'sr-only',
                )}
              >
                {g.label}
              </p>
            )}
            <ul className="space-y-1">
              {g.items.map((item) => (
                <li key={item.path}>
                  <NavLinkItem item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>

      <div className="shrink-0 space-y-1 border-t border-sidebar-border px-3 py-3">
        {footerItems.length > 0 && (
          <nav aria-label="Menú inferior">
            <ul className="space-y-1">
              {footerItems.map((item) => (
                <li key={item.path}>
                  <NavLinkItem item={item} collapsed={collapsed} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        <CollapsedTooltip label="Cerrar Sesión" collapsed={collapsed}>
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            className={cn(
              sidebarItemClass,
              'hover:bg-destructive/10 hover:text-destructive disabled:opacity-60',
              collapsed && 'justify-center px-0',
            )}
          >
            <LogOutIcon className="size-[1.125rem] shrink-0" aria-hidden />
            <span className={cn('flex-1 text-left', collapsed && 'sr-only')}>
              {loggingOut ? 'Cerrando sesión…' : 'Cerrar Sesión'}
            </span>
          </button>
        </CollapsedTooltip>

        <div
          className={cn(
            'mt-2 flex items-center gap-3 rounded-lg border border-sidebar-border bg-card px-2.5 py-2',
            collapsed && 'flex-col gap-2 border-0 bg-transparent px-0',
          )}
        >
          <CollapsedTooltip
            label={user ? `${user.name} · ${ROLE_LABELS[user.role] ?? user.role}` : ''}
            collapsed={collapsed}
          >
            <span
              className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
              role={collapsed ? 'img' : undefined}
              aria-label={
                collapsed && user ? `${user.name}, ${ROLE_LABELS[user.role] ?? user.role}` : undefined
              }
              aria-hidden={collapsed ? undefined : true}
              tabIndex={collapsed ? 0 : undefined}
            >
              {initials(user?.name ?? '')}
            </span>
          </CollapsedTooltip>
          {collapsed ? (
            <ConnectionBadge compact />
          ) : (
            <div className="min-w-0 flex-1" data-testid="current-user">
              <p className="truncate text-sm leading-tight font-medium" title={user?.name}>
                {user?.name}
              </p>
              <div className="mt-1 flex items-center justify-between gap-2">
                <p className="truncate text-xs text-sidebar-muted">
                  {user ? (ROLE_LABELS[user.role] ?? user.role) : ''}
                </p>
                <ConnectionBadge />
              </div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
