import { AppError } from '@ips/shared/errors';
import type { LoginBody, LoginData } from '@ips/shared/schemas/auth';
import type { Role } from '@ips/shared/catalogs/roles';
import type { AppDeps, AuthUser } from '../../lib/context';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { signSessionToken } from '../../lib/tokens';
import { createSession, revoke, publishSessionsEnded } from '../sessions';
import { findUserByEmail, recordSuccess, reserveAttempt, type ThrottleLimits } from './repo';

/** Decision 019: a pair (e-mail, address) locks first; the account-wide cap spares addresses it signed in from. */
export const LOGIN_THROTTLE: ThrottleLimits = {
  windowMinutes: 15,
  pairMax: 10,
  accountMax: 25,
  knownAddressDays: 30,
};
export const LOCKED_MESSAGE = `Demasiados intentos fallidos. La cuenta quedó bloqueada temporalmente; intente de nuevo en ${LOGIN_THROTTLE.windowMinutes} minutos.`;
/** The 429 of a locked account, with `Retry-After`: when its oldest counted failure leaves the window. */
export function lockedError(retryAfterSeconds: number): AppError {
  const err = new AppError('TOO_MANY_REQUESTS', LOCKED_MESSAGE);
  err.retryAfterSeconds = Number.isFinite(retryAfterSeconds)
    ? retryAfterSeconds
    : LOGIN_THROTTLE.windowMinutes * 60;
  return err;
}
const INVALID = 'Correo electrónico o contraseña incorrectos';

export async function login(
  deps: AppDeps,
  body: LoginBody,
  client: { ip: string | null; userAgent: string | null },
): Promise<LoginData> {
  const email = body.email.trim().toLowerCase();
  // The slot is taken before the ~40 ms password check, so concurrent guesses cannot all pass the count.
  const slot = await reserveAttempt(deps.db, email, client.ip, LOGIN_THROTTLE);
  if ('refused' in slot) throw lockedError(slot.retryAfterSeconds);
  const user = await findUserByEmail(deps.db, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : (await verifyAgainstDummy(body.password), false);
  // An inactive account answers like a wrong password, right password or not, and counts as a failure: the
  // answer must not confirm the password (nor that the account exists).
  if (!user || !valid || user.status !== 'Activo') throw new AppError('UNAUTHORIZED', INVALID);
  await recordSuccess(deps.db, slot.id, email, client.ip, LOGIN_THROTTLE);

  const expiresAt = new Date(Date.now() + deps.config.sessionTtlHours * 3_600_000);
  const session = await createSession(deps.db, {
    userId: user.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const token = await signSessionToken(
    deps.tokenKeys.session,
    { sub: String(user.id), sid: session.id, role: user.role, name: user.name },
    expiresAt,
  );
  return {
    token,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role as Role,
      must_change_password: user.mustChangePassword,
    },
    expires_at: expiresAt.toISOString(),
  };
}

export async function logout(deps: AppDeps, user: AuthUser): Promise<void> {
  await deps.db.transaction(async (tx) =>
    publishSessionsEnded(deps, tx, await revoke(tx, { id: user.sessionId }, 'logout')),
  );
}
