import { eq } from 'drizzle-orm';
import type { Role } from '@ips/shared/catalogs/roles';
import { AppError } from '@ips/shared/errors';
import {
  TRANSFER_MESSAGES as M,
  TRANSFER_TRANSITIONS,
  type CreateTransferBody,
  type ListTransfersQuery,
  type TransferEventPayload,
  type TransferEventType,
  type TransferStatus,
} from '@ips/shared/schemas/transfers';
import type { Executor } from '../../db/client';
import { callLogs } from '../../db/schema/call-center';
import { users } from '../../db/schema/users';
import { writeAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import * as brepo from '../appointments';
import { publishQueueEvent, QUEUE_MANAGER_ROLES, TRANSFER_ROLES, type QueueUser } from '../queue';
import { TRANSFER_CREATED } from './hooks';
import * as queueRepo from '../queue';
import * as repo from './repo';

/*
 * Transfers between agents (spec part 2 §4): pending → accepted | rejected (with a reason); accepted →
 * completed. Anything else is 409 with the reason in Spanish. Each change locks the row, is audited and
 * published on the transfers channel (/transfers/stream).
 */

export const TRANSFERS_CHANNEL = 'transfers';

const isManager = (u: QueueUser) => QUEUE_MANAGER_ROLES.includes(u.role);

function publish(tx: Executor, deps: AppDeps, type: TransferEventType, t: repo.TransferRow) {
  const payload: TransferEventPayload = {
    id: t.id,
    status: t.status as TransferStatus,
    from_user_id: t.fromUserId,
    to_user_id: t.toUserId,
    accepted_by: t.acceptedBy,
  };
  return deps.events.publish(tx, TRANSFERS_CHANNEL, type, payload);
}

/** Who may see a transfer event on the stream (the same rule as the list). */
export function canSee(userId: number, role: Role, p: TransferEventPayload) {
  if (QUEUE_MANAGER_ROLES.includes(role)) return true;
  return (
    p.from_user_id === userId || p.to_user_id === userId || p.to_user_id === null || p.accepted_by === userId
  );
}

export async function listTransfers(deps: AppDeps, user: QueueUser, q: ListTransfersQuery) {
  const { rows, total } = await repo.list(
    deps.db,
    {
      status: q.status === 'all' ? undefined : q.status,
      visibleTo: isManager(user) ? undefined : user.userId,
    },
    q.limit,
  );
  return { data: rows, total };
}

export async function createTransfer(deps: AppDeps, user: QueueUser, body: CreateTransferBody) {
  return deps.db.transaction(async (tx) => {
    let patientId = body.patient_id ?? null;
    let specialtyId: number | null = null;
    if (body.to_user_id) {
      if (body.to_user_id === user.userId) throw new AppError('CONFLICT', M.self);
      const [agent] = await tx
        .select({ id: users.id, role: users.role, status: users.status })
        .from(users)
        .where(eq(users.id, body.to_user_id));
      if (!agent || !TRANSFER_ROLES.includes(agent.role as Role))
        throw new AppError('NOT_FOUND', M.agentNotFound);
      if (agent.status !== 'Activo') throw new AppError('CONFLICT', M.agentInactive);
    }
    if (body.queue_id) {
      const entry = await queueRepo.findById(tx, body.queue_id);
      if (!entry) throw new AppError('NOT_FOUND', 'Entrada de la cola no encontrada');
      if (patientId && patientId !== entry.patientId)
        throw new AppError('CONFLICT', 'El paciente no corresponde a la entrada de la cola');
      patientId = entry.patientId;
      specialtyId = entry.specialtyId;
    }
    if (body.call_log_id) {
      const [log] = await tx.select().from(callLogs).where(eq(callLogs.id, body.call_log_id));
      if (!log) throw new AppError('NOT_FOUND', 'Llamada no encontrada');
      if (patientId && patientId !== log.patientId)
        throw new AppError('CONFLICT', 'El paciente no corresponde a la llamada');
      patientId = log.patientId;
      specialtyId ??= log.specialtyId;
    }
    if (patientId && !(await brepo.findPatient(tx, patientId)))
      throw new AppError('NOT_FOUND', 'Paciente no encontrado');
    const row = await repo.insert(tx, {
      status: 'pending',
      patientId,
      queueId: body.queue_id ?? null,
      callLogId: body.call_log_id ?? null,
      specialtyId,
      priority: body.priority,
      fromUserId: user.userId,
      toUserId: body.to_user_id ?? null,
      reason: body.reason ?? null,
      notes: body.notes ?? null,
    });
    await writeAudit(tx, user, {
      table: 'transfers',
      recordId: row.id,
      action: 'create',
      newValues: repo.auditView(row),
    });
    await publish(tx, deps, 'created', row);
    await deps.hooks.run(TRANSFER_CREATED, tx, deps, user, row);
    return (await repo.findDto(tx, row.id))!;
  });
}

async function lockFor(tx: Executor, id: number, to: TransferStatus) {
  const t = await repo.findByIdForUpdate(tx, id);
  if (!t) throw new AppError('NOT_FOUND', M.notFound);
  const from = t.status as TransferStatus;
  if (!TRANSFER_TRANSITIONS[from].includes(to)) throw new AppError('CONFLICT', M.invalid[from]);
  return t;
}

/** A transfer addressed to an agent is theirs to answer (or a supervisor's); an open one, anyone's. */
function refuseIfNotAddressee(t: repo.TransferRow, user: QueueUser) {
  if (t.toUserId !== null && t.toUserId !== user.userId && !isManager(user))
    throw new AppError('FORBIDDEN', M.notYours);
}

async function finish(
  tx: Executor,
  deps: AppDeps,
  user: QueueUser,
  before: repo.TransferRow,
  values: Partial<repo.NewTransfer>,
  type: TransferEventType,
) {
  const after = await repo.update(tx, before.id, values);
  await writeAudit(tx, user, {
    table: 'transfers',
    recordId: before.id,
    action: type === 'accepted' ? 'accept' : type === 'rejected' ? 'reject' : 'complete',
    oldValues: repo.auditView(before),
    newValues: repo.auditView(after),
  });
  await publish(tx, deps, type, after);
  return after;
}

/** Accepting hands the transfer's queue entry, if still active, to the accepting agent. */
export async function acceptTransfer(deps: AppDeps, user: QueueUser, id: number) {
  return deps.db.transaction(async (tx) => {
    const t = await lockFor(tx, id, 'accepted');
    refuseIfNotAddressee(t, user);
    await finish(
      tx,
      deps,
      user,
      t,
      { status: 'accepted', acceptedBy: user.userId, acceptedAt: new Date() },
      'accepted',
    );
    if (t.queueId) {
      const entry = await queueRepo.findByIdForUpdate(tx, t.queueId);
      if (entry && queueRepo.isActive(entry) && entry.assignedUserId !== user.userId) {
        const after = await queueRepo.update(tx, entry.id, {
          status: 'assigned',
          assignedUserId: user.userId,
        });
        await writeAudit(tx, user, {
          table: 'queue_entries',
          recordId: entry.id,
          action: 'assign',
          oldValues: { ...queueRepo.auditView(entry), assigned_user_id: entry.assignedUserId },
          newValues: { ...queueRepo.auditView(after), assigned_user_id: user.userId, transfer_id: t.id },
        });
        await publishQueueEvent(tx, deps, 'assign', after);
      }
    }
    return (await repo.findDto(tx, id))!;
  });
}

export async function rejectTransfer(deps: AppDeps, user: QueueUser, id: number, reason: string) {
  return deps.db.transaction(async (tx) => {
    const t = await lockFor(tx, id, 'rejected');
    refuseIfNotAddressee(t, user);
    await finish(
      tx,
      deps,
      user,
      t,
      { status: 'rejected', rejectionReason: reason, rejectedAt: new Date() },
      'rejected',
    );
    return (await repo.findDto(tx, id))!;
  });
}

export async function completeTransfer(deps: AppDeps, user: QueueUser, id: number) {
  return deps.db.transaction(async (tx) => {
    const t = await lockFor(tx, id, 'completed');
    if (t.acceptedBy !== user.userId && !isManager(user)) throw new AppError('FORBIDDEN', M.notAcceptor);
    await finish(tx, deps, user, t, { status: 'completed', completedAt: new Date() }, 'completed');
    return (await repo.findDto(tx, id))!;
  });
}
