import { AppError } from '@ips/shared/errors';
import type { Role } from '@ips/shared/catalogs/roles';
import {
  rolesMatching,
  type CreateUserBody,
  type ResetPasswordDto,
  type UpdateUserBody,
  type UserDto,
  type UserListItemDto,
} from '@ips/shared/schemas/users';
import type { SessionDto } from '@ips/shared/schemas/sessions';
import type { Db } from '../../db/client';
import type { Actor, AppDeps, AuthUser } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { revoke, publishSessionsEnded, publishUserChanged } from '../sessions';
import * as repo from './repo';

export function toDto(u: repo.UserRow): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    phone: u.phone,
    department: u.department,
    role: u.role as Role,
    status: u.status as UserDto['status'],
    must_change_password: u.mustChangePassword,
    created_at: u.createdAt.toISOString(),
  };
}

const auditView = (u: repo.UserRow) => ({ ...toDto(u) });
const LAST_ADMIN = 'Debe existir al menos un administrador activo';

export async function listUsers(
  deps: AppDeps,
  q: string | undefined,
  page: number,
  limit: number,
): Promise<{ data: UserListItemDto[]; total: number; page: number; limit: number }> {
  const filter = { q: q || undefined, roles: q ? rolesMatching(q) : [] };
  const { rows, total } = await repo.list(deps.db, filter, limit, (page - 1) * limit);
  return {
    data: rows.map((r) => ({ ...toDto(r.user), active_sessions: Number(r.activeSessions) })),
    total,
    page,
    limit,
  };
}

export async function getUser(deps: AppDeps, id: number): Promise<UserDto> {
  const u = await repo.findById(deps.db, id);
  if (!u) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
  return toDto(u);
}

/**
 * Creates a user. A blank password yields a random one, returned once and never stored in clear. Either way the
 * administrator chose it, so the user must change it at the first sign-in (decision 021).
 */
export async function createUser(db: Db, actor: Actor, body: CreateUserBody) {
  const generated = body.password ? undefined : generatePassword();
  const passwordHash = await hashPassword(body.password ?? generated!);
  return db.transaction(async (tx) => {
    const u = await repo.insert(tx, {
      name: body.name,
      email: body.email,
      phone: body.phone ?? null,
      department: body.department ?? null,
      role: body.role,
      status: body.status,
      passwordHash,
      mustChangePassword: true,
    });
    await writeAudit(tx, actor, {
      table: 'users',
      recordId: u.id,
      action: 'create',
      newValues: auditView(u),
    });
    return { user: toDto(u), generatedPassword: generated };
  });
}

export async function updateUser(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdateUserBody,
): Promise<UserDto> {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return deps.db.transaction(async (tx) => {
    if (body.role !== undefined || body.status !== undefined) await repo.lockAdminSet(tx);
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
    const demotesAdmin =
      before.role === 'admin' &&
      before.status === 'Activo' &&
      ((body.role && body.role !== 'admin') || body.status === 'Inactivo');
    if (demotesAdmin && (await repo.countActiveAdmins(tx)) <= 1) {
      throw new AppError('CONFLICT', LAST_ADMIN);
    }
    const after = await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.email !== undefined && { email: body.email }),
      ...('phone' in body && { phone: body.phone ?? null }),
      ...('department' in body && { department: body.department ?? null }),
      ...(body.role !== undefined && { role: body.role }),
      ...(body.status !== undefined && { status: body.status }),
      // A password set by an administrator for someone else must be changed by its owner at the next sign-in.
      ...(passwordHash && { passwordHash, mustChangePassword: id !== actor.userId }),
    });
    // A new password or a deactivation ends the user's sessions everywhere.
    if (passwordHash || (body.status === 'Inactivo' && before.status !== 'Inactivo')) {
      const ended = await revoke(tx, { userId: id }, passwordHash ? 'password_changed' : 'user_inactivated');
      await publishSessionsEnded(deps, tx, ended);
    }
    // The auth hook caches sessions with the user's role and status (decision 016): every instance rereads them.
    if (
      after!.role !== before.role ||
      after!.status !== before.status ||
      after!.name !== before.name ||
      after!.email !== before.email
    )
      await publishUserChanged(deps, tx, id);
    await writeAudit(tx, actor, {
      table: 'users',
      recordId: id,
      action: 'update',
      oldValues: auditView(before),
      newValues: { ...auditView(after!), ...(passwordHash ? { password_changed: true } : {}) },
    });
    return toDto(after!);
  });
}

/**
 * Deletes a user who never acted in the system (an account created by mistake). Someone with a trace (audit
 * rows, appointments they booked, patients they read…) is refused: the foreign keys would set those references to
 * null and the clinic would lose who did what. Such a user is set Inactivo instead (decision 028).
 */
export async function deleteUser(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  if (id === actor.userId) throw new AppError('CONFLICT', 'No puede eliminar su propio usuario');
  await deps.db.transaction(async (tx) => {
    await repo.lockAdminSet(tx);
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
    if (before.role === 'admin' && before.status === 'Activo' && (await repo.countActiveAdmins(tx)) <= 1) {
      throw new AppError('CONFLICT', LAST_ADMIN);
    }
    if ((await repo.findActivity(tx, id)).length > 0) {
      throw new AppError(
        'CONFLICT',
        'El usuario tiene actividad registrada y no se puede eliminar sin perder la trazabilidad. Cambie su estado a Inactivo.',
      );
    }
    const ended = await revoke(tx, { userId: id }, 'user_deleted');
    await publishSessionsEnded(deps, tx, ended);
    await repo.remove(tx, id);
    await writeAudit(tx, actor, {
      table: 'users',
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
  });
}

/**
 * Gives the user a new random password, shown once to the administrator: the user must change it at the next
 * sign-in and every session they had ends. One's own password is changed from the account menu, which asks for
 * the current one.
 */
export async function resetPassword(deps: AppDeps, actor: Actor, id: number): Promise<ResetPasswordDto> {
  if (id === actor.userId) {
    throw new AppError('CONFLICT', 'Para su propia cuenta use «Cambiar contraseña» en el menú de usuario');
  }
  const generated = generatePassword();
  const passwordHash = await hashPassword(generated);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
    await repo.update(tx, id, { passwordHash, mustChangePassword: true });
    const ended = await revoke(tx, { userId: id }, 'password_reset');
    await publishSessionsEnded(deps, tx, ended);
    await publishUserChanged(deps, tx, id);
    await writeAudit(tx, actor, {
      table: 'users',
      recordId: id,
      action: 'reset_password',
      oldValues: { must_change_password: before.mustChangePassword },
      newValues: { must_change_password: true, sessions_ended: ended.length },
    });
    return { generated_password: generated, sessions_ended: ended.length };
  });
}

/** The user's open sessions, newest activity first; `current` marks the caller's own. */
export async function userSessions(deps: AppDeps, caller: AuthUser, id: number): Promise<SessionDto[]> {
  const u = await repo.findById(deps.db, id);
  if (!u) throw new AppError('NOT_FOUND', 'Usuario no encontrado');
  const rows = await repo.listActiveSessions(deps.db, id);
  return rows.map((r) => ({
    id: r.id,
    created_at: r.created_at.toISOString(),
    last_seen_at: r.last_seen_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    ip: r.ip,
    user_agent: r.user_agent,
    current: r.id === caller.sessionId,
  }));
}
