import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { clearLogin, peekLogoutReason } from '@/lib/auth-storage';
import { useAuth } from '@/lib/use-auth';

/** The full-page password change (app/routes/change-password-page.tsx); decision 021. */
export const CHANGE_PASSWORD_PATH = '/cambiar-contrasena';

/** Largest delay setTimeout accepts (~24.8 days). */
const MAX_TIMEOUT = 2_147_483_647;

/**
 * Signed-in routes: a valid, non-expired token, or /login (remembering where the user was going). A user whose
 * password must be changed sees only the change page (the server refuses everything else anyway).
 */
export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();

  // Sign out at the moment the token enters its last 5 minutes, not only at the next navigation or call.
  useEffect(() => {
    if (!auth.isValid || auth.expiresAt === null) return;
    const timer = window.setTimeout(
      () => clearLogin('expired'),
      Math.min(auth.expiresAt - Date.now(), MAX_TIMEOUT),
    );
    return () => window.clearTimeout(timer);
  }, [auth.isValid, auth.expiresAt]);

  if (!auth.isValid)
    return (
      <ToLogin
        from={`${location.pathname}${location.search}${location.hash}`}
        expired={auth.token !== null}
      />
    );
  if (auth.user?.must_change_password && location.pathname !== CHANGE_PASSWORD_PATH)
    return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <Outlet />;
}

function ToLogin({ from, expired }: { from: string; expired: boolean }) {
  // A stale token (and its user) must not outlive the redirect.
  useEffect(() => {
    if (expired) clearLogin('expired');
  }, [expired]);
  // After an explicit logout the next person starts from the home page, not from the previous user's screen.
  const state = peekLogoutReason() === 'logout' || from === '/' ? undefined : { from };
  return <Navigate to="/login" replace state={state} />;
}
