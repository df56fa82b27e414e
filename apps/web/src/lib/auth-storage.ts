import type { AuthUserDto } from '@ips/shared/schemas/auth';

/**
 * The signed-in state lives in localStorage (spec part 1 §6: "a valid, non-expired token in local storage"), so
 * it survives reloads and is shared by tabs. This module is the only place that reads or writes those keys.
 */
export type AuthUser = AuthUserDto;

export interface AuthSnapshot {
  token: string | null;
  user: AuthUser | null;
  /** Epoch ms at which the token must be treated as expired (already 5 minutes before the real expiry). */
  expiresAt: number | null;
}

export type LogoutReason = 'logout' | 'expired' | 'unauthorized' | 'session-ended';

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const AUTH_FLAG_KEY = 'isAuthenticated';
export const EXPIRES_AT_KEY = 'expires_at';
/** Set while the user signs out, so the other tabs know the session's end is theirs too (not a revocation). */
export const SIGNING_OUT_KEY = 'signing_out';
/** How long a sign-out started in any tab explains a session's end. */
const SIGNING_OUT_MS = 30_000;
/** Spec part 1 §9: a token is treated as expired 5 minutes before its expiry. */
export const EARLY_EXPIRY_MS = 5 * 60 * 1000;

const listeners = new Set<() => void>();
let cachedRaw = '';
let cachedSnapshot: AuthSnapshot = { token: null, user: null, expiresAt: null };
let lastReason: LogoutReason | null = null;
let signingOutAt: number | null = null;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function decodeJwtExp(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

function parseUser(raw: string | null): AuthUser | null {
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as Partial<AuthUser> | null;
    if (!u || typeof u !== 'object' || typeof u.name !== 'string') return null;
    return u as AuthUser;
  } catch {
    return null;
  }
}

/** The earliest of the JWT's `exp` and the stored `expires_at`, minus the 5-minute margin. */
function effectiveExpiry(token: string | null, storedExpiresAt: string | null): number | null {
  const candidates: number[] = [];
  if (token) {
    const exp = decodeJwtExp(token);
    if (exp !== null) candidates.push(exp);
  }
  if (storedExpiresAt) {
    const parsed = Date.parse(storedExpiresAt);
    if (!Number.isNaN(parsed)) candidates.push(parsed);
  }
  return candidates.length ? Math.min(...candidates) - EARLY_EXPIRY_MS : null;
}

export function getAuthSnapshot(): AuthSnapshot {
  const token = read(TOKEN_KEY);
  const user = read(USER_KEY);
  const expires = read(EXPIRES_AT_KEY);
  const flag = read(AUTH_FLAG_KEY);
  const raw = `${token}\u0000${user}\u0000${expires}\u0000${flag}`;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSnapshot = {
      token: token && flag !== 'false' ? token : null,
      user: parseUser(user),
      expiresAt: effectiveExpiry(token, expires),
    };
  }
  return cachedSnapshot;
}

export function isSnapshotValid(s: AuthSnapshot, now: number = Date.now()): boolean {
  return s.token !== null && (s.expiresAt === null || now < s.expiresAt);
}

export function hasValidToken(): boolean {
  return isSnapshotValid(getAuthSnapshot());
}

export function getToken(): string | null {
  return getAuthSnapshot().token;
}

function emit(): void {
  for (const l of listeners) l();
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || [TOKEN_KEY, USER_KEY, AUTH_FLAG_KEY, EXPIRES_AT_KEY].includes(e.key)) emit();
  });
}

export function saveLogin(token: string, user: AuthUser, expiresAt: string | null): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(AUTH_FLAG_KEY, 'true');
  if (expiresAt) localStorage.setItem(EXPIRES_AT_KEY, expiresAt);
  else localStorage.removeItem(EXPIRES_AT_KEY);
  lastReason = null;
  signingOutAt = null;
  try {
    localStorage.removeItem(SIGNING_OUT_KEY);
  } catch {}
  emit();
}

/**
 * The user chose to sign out (Cerrar Sesión). Ending the session on the server also reaches this and the other
 * tabs as 'session-ended' on the event stream, and calls in flight may answer 401: none of that is a revocation.
 */
export function markSigningOut(now: number = Date.now()): void {
  signingOutAt = now;
  try {
    localStorage.setItem(SIGNING_OUT_KEY, String(now));
  } catch {}
}

/** Whether the user (in this tab or another) started signing out in the last 30 seconds. */
export function isSigningOut(now: number = Date.now()): boolean {
  const shared = Number(read(SIGNING_OUT_KEY));
  const at = Math.max(signingOutAt ?? 0, Number.isFinite(shared) ? shared : 0);
  return at > 0 && now - at >= 0 && now - at < SIGNING_OUT_MS;
}

export function updateUser(user: AuthUser): void {
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  emit();
}

/**
 * Clears token, user, expiry and the auth flag. The reason is kept for the login page to explain; while the user
 * is signing out, whatever ends the session is that sign-out (no notice).
 */
export function clearLogin(reason: LogoutReason): void {
  for (const key of [TOKEN_KEY, USER_KEY, AUTH_FLAG_KEY, EXPIRES_AT_KEY]) localStorage.removeItem(key);
  lastReason = isSigningOut() ? 'logout' : reason;
  emit();
}

/** Why the last sign-out in this tab happened (null after a fresh load or a new login). */
export function peekLogoutReason(): LogoutReason | null {
  return lastReason;
}

export function resetLogoutReason(): void {
  lastReason = null;
}
