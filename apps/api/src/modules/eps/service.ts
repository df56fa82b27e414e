import { AppError } from '@ips/shared/errors';
import type { CreateEpsBody, EpsDto, UpdateEpsBody } from '@ips/shared/schemas/resources-eps';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage('eps_code_key', 'CONFLICT', 'Ya existe una EPS con ese código');
registerConstraintMessage('eps_name_key', 'CONFLICT', 'Ya existe una EPS con ese nombre');

const NOT_FOUND = 'EPS no encontrada';
export const DATE_WITHOUT_AGREEMENT =
  'La fecha del convenio solo se puede editar mientras exista un convenio';

export function toDto(e: repo.EpsRow): EpsDto {
  return {
    id: e.id,
    name: e.name,
    code: e.code,
    affiliation_type: e.affiliationType,
    status: e.status as EpsDto['status'],
    has_agreement: e.hasAgreement,
    agreement_date: e.agreementDate,
    notes: e.notes,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
}

/**
 * The agreement date after a change, by spec part 2 §4 read literally:
 * - "turning it off clears the agreement date unless one already exists": when a request turns the
 *   agreement off, whatever date it carries is dropped and the EPS keeps the date it already had (the
 *   record of a past agreement), or none;
 * - "the agreement date can be edited only while an agreement exists": a date can be set or changed when
 *   the EPS has an agreement once the change is saved (turning it on and dating it in one request works);
 *   a different date for an EPS that has no agreement and is not being turned off is refused, not dropped.
 */
export function nextAgreementDate(
  before: { hasAgreement: boolean; agreementDate: string | null } | null,
  hasAgreement: boolean,
  given: string | null | undefined,
): string | null {
  const existing = before?.agreementDate ?? null;
  if (hasAgreement) return given !== undefined ? given : existing;
  const turningOff = before?.hasAgreement === true;
  if (!turningOff && given != null && given !== existing) {
    throw new AppError('VALIDATION', DATE_WITHOUT_AGREEMENT, { agreement_date: [DATE_WITHOUT_AGREEMENT] });
  }
  return existing;
}

export async function listEps(db: Db, filter: { q?: string; status?: string }) {
  return (await repo.list(db, filter)).map(toDto);
}

export async function getEps(db: Db, id: number) {
  const e = await repo.findById(db, id);
  if (!e) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toDto(e);
}

export async function createEps(db: Db, actor: Actor, body: CreateEpsBody) {
  const agreementDate = nextAgreementDate(null, body.has_agreement, body.agreement_date);
  return db.transaction(async (tx) => {
    const e = await repo.insert(tx, {
      name: body.name,
      code: body.code,
      status: body.status,
      hasAgreement: body.has_agreement,
      agreementDate,
      affiliationType: body.affiliation_type ?? null,
      notes: body.notes ?? null,
    });
    await writeAudit(tx, actor, { table: 'eps', recordId: e.id, action: 'create', newValues: toDto(e) });
    return toDto(e);
  });
}

export async function updateEps(db: Db, actor: Actor, id: number, body: UpdateEpsBody) {
  return db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    const hasAgreement = body.has_agreement ?? before.hasAgreement;
    const agreementDate = nextAgreementDate(before, hasAgreement, body.agreement_date);
    const after = await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.code !== undefined && { code: body.code }),
      ...(body.status !== undefined && { status: body.status }),
      ...(body.affiliation_type !== undefined && { affiliationType: body.affiliation_type }),
      ...(body.notes !== undefined && { notes: body.notes }),
      hasAgreement,
      agreementDate,
    });
    await writeAudit(tx, actor, {
      table: 'eps',
      recordId: id,
      action: 'update',
      oldValues: toDto(before),
      newValues: toDto(after),
    });
    return toDto(after);
  });
}

/**
 * The EPS's authorizations go with it (they describe only the EPS); the audit row keeps their ids.
 * Patients do not exist yet; their issue adds a restricting key so an EPS with affiliates is refused.
 */
export async function deleteEps(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    const authorizationIds = await repo.authorizationIds(tx, id);
    await removeOrExplain(tx, { table: 'eps', id, subject: 'la EPS', hint: 'Puede inactivarla.' }, (sp) =>
      repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'eps',
      recordId: id,
      action: 'delete',
      oldValues: { ...toDto(before), eps_authorization_ids: authorizationIds },
    });
  });
}
