import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { readCookie, writeCookie } from '@/lib/cookies';
import { matchesShortcut } from '@/lib/shortcuts';

/** Spec part 1 §2 and §9: Ctrl/Cmd+B toggles; state kept 7 days in a cookie; a drawer below 768 px. */
export const SIDEBAR_COOKIE = 'sidebar_state';
const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
const MOBILE_QUERY = '(max-width: 767.98px)';

interface SidebarState {
  /** Desktop: full width with labels (true) or icons only (false). */
  expanded: boolean;
  isMobile: boolean;
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  /** The keyboard shortcut's action: the drawer on mobile, collapse on desktop. */
  toggle: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

function subscribeMobile(onChange: () => void): () => void {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [expanded, setExpanded] = useState(() => readCookie(SIDEBAR_COOKIE) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setMobileOpen((o) => !o);
      return;
    }
    const next = !expanded;
    setExpanded(next);
    writeCookie(SIDEBAR_COOKIE, String(next), SIDEBAR_COOKIE_MAX_AGE);
  }, [isMobile, expanded]);

  useEffect(() => {
    function onKeyDown(e: KeyboardEvent) {
      if (matchesShortcut(e, 'toggle-sidebar')) {
        e.preventDefault();
        toggle();
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);

  const value = useMemo(
    // The drawer only exists in the mobile layout; leaving it closes the drawer.
    () => ({ expanded, isMobile, mobileOpen: isMobile && mobileOpen, setMobileOpen, toggle }),
    [expanded, isMobile, mobileOpen, toggle],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar fuera de SidebarProvider');
  return ctx;
}
