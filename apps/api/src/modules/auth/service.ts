import { AppError } from '@ips/shared/errors';
import type { LoginBody, LoginData } from '@ips/shared/schemas/auth';
import type { Role } from '@ips/shared/catalogs/roles';
import type { AppDeps, AuthUser } from '../../lib/context';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords';
import { signToken } from '../../lib/tokens';
import { createSession, revoke } from '../sessions/repo';
import { publishSessionsEnded } from '../sessions/service';
import { countRecentFailures, findUserByEmail, recordAttempt } from './repo';

export const LOCKOUT_WINDOW_MINUTES = 15;
export const LOCKOUT_MAX_FAILURES = 10;
const INVALID = 'Correo electrónico o contraseña incorrectos';

export async function login(
  deps: AppDeps,
  body: LoginBody,
  client: { ip: string | null; userAgent: string | null },
): Promise<LoginData> {
  const email = body.email.trim().toLowerCase();
  const failures = await countRecentFailures(deps.db, email, LOCKOUT_WINDOW_MINUTES);
  if (failures >= LOCKOUT_MAX_FAILURES) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Demasiados intentos fallidos. La cuenta quedó bloqueada temporalmente; intente de nuevo en ${LOCKOUT_WINDOW_MINUTES} minutos.`,
    );
  }
  const user = await findUserByEmail(deps.db, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : (await verifyAgainstDummy(body.password), false);
  await recordAttempt(deps.db, email, valid, client.ip);
  if (!user || !valid) throw new AppError('UNAUTHORIZED', INVALID);
  if (user.status !== 'Activo')
    throw new AppError('FORBIDDEN', 'Su usuario está inactivo. Contacte al administrador.');

  const expiresAt = new Date(Date.now() + deps.config.sessionTtlHours * 3_600_000);
  const session = await createSession(deps.db, {
    userId: user.id,
    expiresAt,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  const token = await signToken(
    deps.jwtKey,
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
