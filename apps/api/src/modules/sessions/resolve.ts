import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@ips/shared/errors';
import type { Role } from '@ips/shared/catalogs/roles';
import type { AppDeps, AuthUser } from '../../lib/context';
import { sessionCache, type ActiveSession } from './cache';
import { findActiveSession, touchSession } from './repo';

const TOUCH_EVERY_MS = 60_000;

/**
 * The signed-in user of a verified token's session, for the auth plugin (which knows no feature: app.ts hands it
 * this function). The session row is read through the session cache (decision 016: ends and changes made on this
 * instance apply to the next request; those made on another instance as soon as its event arrives, and within
 * SESSION_CACHE_TTL_MS at worst); its last activity is written at most once a minute. `cached` answers from a
 * fresh cache entry without a promise (undefined when there is none: then the hook calls the resolver); both
 * apply the same checks to the row.
 */
export function sessionResolver(deps: AppDeps, log: FastifyBaseLogger) {
  const cache = sessionCache(deps);
  const toUser = (session: ActiveSession | null, claims: { sid: string; sub: string }): AuthUser => {
    if (!session || String(session.userId) !== claims.sub)
      throw new AppError('UNAUTHORIZED', 'La sesión fue cerrada. Inicie sesión nuevamente.');
    if (session.userStatus !== 'Activo') throw new AppError('UNAUTHORIZED', 'El usuario está inactivo');
    if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      cache.touched(session.id, new Date());
      touchSession(deps.db, session.id).catch((err) => log.warn({ err }, 'session touch failed'));
    }
    return {
      id: session.userId,
      name: session.userName,
      email: session.userEmail,
      role: session.userRole as Role,
      sessionId: session.id,
      sessionExpiresAt: session.expiresAt,
      mustChangePassword: session.mustChangePassword,
    };
  };
  const resolve = async (claims: { sid: string; sub: string }): Promise<AuthUser> =>
    toUser(await cache.get(claims.sid, () => findActiveSession(deps.db, claims.sid)), claims);
  resolve.cached = (claims: { sid: string; sub: string }): AuthUser | undefined => {
    const session = cache.peek(claims.sid);
    return session ? toUser(session, claims) : undefined;
  };
  return resolve;
}
