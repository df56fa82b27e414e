import type { ReactElement } from 'react';
import { NavLink, useMatch, useResolvedPath } from 'react-router';
import type { NavItem } from '@/app/nav';
import { Hint } from '@/components/ui/hint';
import { cn } from '@/lib/utils';

export const sidebarItemClass =
  'group/item relative flex h-10 w-full items-center gap-3 rounded-lg px-3 text-sm font-medium text-sidebar-foreground/85 outline-none transition-colors hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** Shows the label as a tooltip when the sidebar only has room for icons. */
export function CollapsedTooltip({
  label,
  collapsed,
  children,
}: {
  label: string;
  collapsed: boolean;
  children: ReactElement<{ 'aria-describedby'?: string }>;
}) {
  if (!collapsed) return children;
  return (
    <Hint label={label} side="right">
      {children}
    </Hint>
  );
}

export function NavLinkItem({
  item,
  collapsed,
  onNavigate,
}: {
  item: NavItem;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const Icon = item.icon;
  const Badge = item.badge;
  // Computed here rather than with NavLink's className function, so the class is a plain string.
  const resolved = useResolvedPath(item.path);
  // '/' (the dashboard) is active only on itself, not under every other page.
  const end = item.path === '/';
  const isActive = useMatch({ path: resolved.pathname, end }) !== null;
  return (
    <CollapsedTooltip label={item.label} collapsed={collapsed}>
      <NavLink
        to={item.path}
        end={end}
        onClick={onNavigate}
        className={cn(
          sidebarItemClass,
          collapsed && 'justify-center px-0',
          isActive &&
            'bg-sidebar-accent font-semibold text-sidebar-accent-foreground before:absolute before:inset-y-2 before:-left-3 before:w-1 before:rounded-r-full before:bg-primary',
        )}
      >
        <Icon className="size-[1.125rem] shrink-0" aria-hidden />
        <span className={cn('flex-1 truncate', collapsed && 'sr-only')}>{item.label}</span>
        {Badge && !collapsed && <Badge />}
      </NavLink>
    </CollapsedTooltip>
  );
}
