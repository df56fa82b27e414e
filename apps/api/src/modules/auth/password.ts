import { AppError } from '@ips/shared/errors';
import type { ChangePasswordBody } from '@ips/shared/schemas/password';
import type { AppDeps, AuthUser } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { revoke, publishSessionsEnded, publishUserChanged } from '../sessions';
import { findById, update } from '../users';
import { recordSuccess, reserveAttempt } from './repo';
import { lockedError, LOGIN_THROTTLE } from './service';

const WRONG_CURRENT = 'La contraseña actual no es correcta';

/**
 * A signed-in user changes their own password (decision 021). A wrong current password counts as a failed
 * sign-in of the account (login_attempts, shared by every instance), and a locked account is refused before the
 * check, so a stolen session cannot be used to guess the password faster than the login allows. On success the
 * flag is cleared and every other session of the user ends; this one stays.
 */
export async function changePassword(
  deps: AppDeps,
  user: AuthUser,
  body: ChangePasswordBody,
  client: { ip: string | null; requestId: string },
): Promise<{ sessionsEnded: number }> {
  const email = user.email.trim().toLowerCase();
  // The same reservation as the login (decision 019): concurrent wrong guesses cannot pass the count.
  const slot = await reserveAttempt(deps.db, email, client.ip, LOGIN_THROTTLE);
  if ('refused' in slot) throw lockedError(slot.retryAfterSeconds);
  const row = await findById(deps.db, user.id);
  if (!row) throw new AppError('UNAUTHORIZED', 'La sesión fue cerrada. Inicie sesión nuevamente.');
  const valid = await verifyPassword(row.passwordHash, body.current_password);
  if (valid) await recordSuccess(deps.db, slot.id, email, client.ip, LOGIN_THROTTLE);
  if (!valid) throw new AppError('VALIDATION', WRONG_CURRENT, { current_password: [WRONG_CURRENT] });

  const passwordHash = await hashPassword(body.new_password);
  return deps.db.transaction(async (tx) => {
    await update(tx, user.id, { passwordHash, mustChangePassword: false });
    const ended = await revoke(tx, { userId: user.id, exceptId: user.sessionId }, 'password_changed');
    await publishSessionsEnded(deps, tx, ended);
    // The current session is cached with the flag set (decision 016): every instance reads it again.
    await publishUserChanged(deps, tx, user.id);
    await writeAudit(
      tx,
      { userId: user.id, requestId: client.requestId },
      {
        table: 'users',
        recordId: user.id,
        action: 'change_password',
        newValues: { password_changed: true, sessions_ended: ended.length },
      },
    );
    return { sessionsEnded: ended.length };
  });
}
