import { AppError } from '@ips/shared/errors';
import type { ActiveSessionDto, SessionDto } from '@ips/shared/schemas/sessions';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/users';
import type { AppDeps, AuthUser } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { sessionCache } from './cache';
import { findOwned, listActiveByUser, listAllActive, revoke } from './repo';

export const SESSIONS_CHANNEL = 'sessions';

/**
 * Tells every instance that these sessions ended, so their open streams close and their session caches drop
 * them at once (decision 016). Call it inside the transaction that ends them: this instance stops trusting its
 * cache for them right away, before the commit.
 */
export async function publishSessionsEnded(
  deps: AppDeps,
  tx: Executor,
  rows: { id: string; userId: number }[],
) {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  sessionCache(deps).endSessions(ids, true);
  await deps.events.publish(tx, SESSIONS_CHANNEL, 'ended', { session_ids: ids });
}

/**
 * Tells every instance that a user's role, status, name or e-mail changed, so the sessions they cached are read
 * again (the auth hook takes the role from there). Call it inside the transaction that makes the change.
 */
export async function publishUserChanged(deps: AppDeps, tx: Executor, userId: number) {
  sessionCache(deps).userChanged(userId, true);
  await deps.events.publish(tx, SESSIONS_CHANNEL, 'user-changed', { user_id: userId });
}

const iso = (d: Date) => d.toISOString();

export async function mySessions(deps: AppDeps, user: AuthUser): Promise<SessionDto[]> {
  const rows = await listActiveByUser(deps.db, user.id);
  return rows.map((r) => ({
    id: r.id,
    created_at: iso(r.created_at),
    last_seen_at: iso(r.last_seen_at),
    expires_at: iso(r.expires_at),
    ip: r.ip,
    user_agent: r.user_agent,
    current: r.id === user.sessionId,
  }));
}

export async function activeSessions(deps: AppDeps): Promise<ActiveSessionDto[]> {
  const rows = await listAllActive(deps.db);
  return rows.map((r) => ({
    ...r,
    created_at: iso(r.created_at),
    last_seen_at: iso(r.last_seen_at),
    expires_at: iso(r.expires_at),
  }));
}

async function revokeAndAnnounce(
  deps: AppDeps,
  user: AuthUser,
  where: Parameters<typeof revoke>[1],
  reason: string,
  requestId: string,
) {
  return deps.db.transaction(async (tx) => {
    const rows = await revoke(tx, where, reason);
    await publishSessionsEnded(deps, tx, rows);
    for (const r of rows) {
      await writeAudit(
        tx,
        { userId: user.id, requestId },
        { table: 'sessions', recordId: r.id, action: 'revoke', newValues: { reason, user_id: r.userId } },
      );
    }
    return rows.length;
  });
}

/** Ends one of the caller's own sessions; another user's session id is answered as not found. */
export async function endOwnSession(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  requestId: string,
): Promise<void> {
  const owned = await findOwned(deps.db, id, user.id);
  if (!owned) throw new AppError('NOT_FOUND', 'Sesión no encontrada');
  await revokeAndAnnounce(deps, user, { id }, 'closed_by_user', requestId);
}

export async function endOwnSessions(
  deps: AppDeps,
  user: AuthUser,
  excludeCurrent: boolean,
  requestId: string,
) {
  return revokeAndAnnounce(
    deps,
    user,
    { userId: user.id, exceptId: excludeCurrent ? user.sessionId : undefined },
    'closed_by_user',
    requestId,
  );
}

/** An unknown user is a 404, not "0 sessions ended": the administrator likely has the wrong id. */
export async function endUserSessions(deps: AppDeps, admin: AuthUser, userId: number, requestId: string) {
  const [known] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!known) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
  return revokeAndAnnounce(deps, admin, { userId }, 'forced_by_admin', requestId);
}
