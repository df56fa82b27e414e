import { AppError } from '@ips/shared/errors';
import type {
  EpsAuthorizationBatchBody,
  EpsAuthorizationDto,
} from '@ips/shared/schemas/resources-eps-authorizations';
import type { Db, Executor } from '../../db/client';
import type { Actor, AppDeps } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { orgToday } from '../../lib/org-time';
import * as repo from './repo';

registerConstraintMessage(
  'eps_authorizations_key',
  'CONFLICT',
  'Ya existe una autorización para esa EPS, especialidad y sede',
);
registerConstraintMessage(
  'eps_authorizations_dates_check',
  'VALIDATION',
  'La fecha de vencimiento no puede ser anterior a la de autorización',
);

const NOT_FOUND = 'Autorización no encontrada';

function toDto(r: repo.AuthorizationView): EpsAuthorizationDto {
  return {
    id: r.id,
    eps_id: r.epsId,
    eps_name: r.epsName,
    eps_code: r.epsCode,
    eps_status: r.epsStatus as EpsAuthorizationDto['eps_status'],
    specialty_id: r.specialtyId,
    specialty_name: r.specialtyName,
    location_id: r.locationId,
    location_name: r.locationName,
    authorized: r.authorized,
    authorization_date: r.authorizationDate,
    expiration_date: r.expirationDate,
    notes: r.notes,
    is_currently_valid: r.isCurrentlyValid,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

const auditView = (r: repo.AuthorizationRow) => ({
  eps_id: r.epsId,
  specialty_id: r.specialtyId,
  location_id: r.locationId,
  authorized: r.authorized,
  authorization_date: r.authorizationDate,
  expiration_date: r.expirationDate,
  notes: r.notes,
});

export async function listAuthorizations(
  deps: AppDeps,
  filter: { eps_id?: number; location_id?: number; specialty_id?: number },
) {
  return (await repo.list(deps.db, orgToday(deps), filter)).map(toDto);
}

/** The specialties an EPS has authorized at a location (authorized = true), for the screen's checkboxes. */
export async function authorizedSpecialties(deps: AppDeps, epsId: number, locationId: number) {
  return (
    await repo.list(deps.db, orgToday(deps), {
      eps_id: epsId,
      location_id: locationId,
      authorized: true,
    })
  ).map(toDto);
}

const unique = (ids: number[]) => [...new Set(ids)];

async function checkReferences(tx: Executor, items: EpsAuthorizationBatchBody['authorizations']) {
  const epsRows = await repo.epsByIds(tx, unique(items.map((i) => i.eps_id)));
  const byId = new Map(epsRows.map((e) => [e.id, e]));
  for (const id of unique(items.map((i) => i.eps_id))) {
    const e = byId.get(id);
    if (!e)
      throw new AppError('VALIDATION', `EPS no encontrada: ${id}`, { eps_id: [`EPS no encontrada: ${id}`] });
    // Spec part 2 §5: inactive EPS are listed but cannot be selected for authorization.
    if (e.status !== 'active')
      throw new AppError('CONFLICT', `La EPS ${e.name} está inactiva y no se puede autorizar`);
  }
  const locationIds = unique(items.map((i) => i.location_id));
  const foundLocations = await repo.existingLocationIds(tx, locationIds);
  const missingLocation = locationIds.find((id) => !foundLocations.has(id));
  if (missingLocation !== undefined)
    throw new AppError('VALIDATION', `Sede no encontrada: ${missingLocation}`, {
      location_id: [`Sede no encontrada: ${missingLocation}`],
    });
  const specialtyIds = unique(items.map((i) => i.specialty_id));
  const foundSpecialties = await repo.existingSpecialtyIds(tx, specialtyIds);
  const missingSpecialty = specialtyIds.find((id) => !foundSpecialties.has(id));
  if (missingSpecialty !== undefined) {
    throw new AppError('VALIDATION', `Especialidad no encontrada: ${missingSpecialty}`, {
      specialty_id: [`Especialidad no encontrada: ${missingSpecialty}`],
    });
  }
}

const keyOf = (k: { epsId: number; specialtyId: number; locationId: number }) =>
  `${k.epsId}:${k.specialtyId}:${k.locationId}`;

/**
 * Creates or updates one authorization per (EPS, specialty, location). Fields left out keep their stored
 * value; a new authorization without a date is dated today, as the screen does. Specialties not in the
 * batch are left as they are: revoke with authorized=false or DELETE.
 */
export async function saveBatch(deps: AppDeps, actor: Actor, body: EpsAuthorizationBatchBody) {
  const today = orgToday(deps);
  const keys = body.authorizations.map((i) => ({
    epsId: i.eps_id,
    specialtyId: i.specialty_id,
    locationId: i.location_id,
  }));
  const seen = new Set<string>();
  for (const k of keys) {
    if (seen.has(keyOf(k)))
      throw new AppError('VALIDATION', 'La misma especialidad aparece dos veces para la misma EPS y sede');
    seen.add(keyOf(k));
  }
  return deps.db.transaction(async (tx) => {
    await checkReferences(tx, body.authorizations);
    const existing = new Map((await repo.findByKeysForUpdate(tx, keys)).map((r) => [keyOf(r), r]));
    const ids: number[] = [];
    let created = 0;
    let updated = 0;
    for (const item of body.authorizations) {
      const key = { epsId: item.eps_id, specialtyId: item.specialty_id, locationId: item.location_id };
      let before = existing.get(keyOf(key));
      if (!before) {
        const row = await repo.insertIfAbsent(tx, {
          ...key,
          authorized: item.authorized,
          authorizationDate:
            item.authorization_date !== undefined ? item.authorization_date : item.authorized ? today : null,
          expirationDate: item.expiration_date ?? null,
          notes: item.notes ?? null,
        });
        if (row) {
          await writeAudit(tx, actor, {
            table: 'eps_authorizations',
            recordId: row.id,
            action: 'create',
            newValues: auditView(row),
          });
          ids.push(row.id);
          created++;
          continue;
        }
        // Another request created it since we looked: update that row instead.
        [before] = await repo.findByKeysForUpdate(tx, [key]);
      }
      const row = await repo.update(tx, before!.id, {
        authorized: item.authorized,
        ...(item.authorization_date !== undefined && { authorizationDate: item.authorization_date }),
        ...(item.expiration_date !== undefined && { expirationDate: item.expiration_date }),
        ...(item.notes !== undefined && { notes: item.notes }),
      });
      await writeAudit(tx, actor, {
        table: 'eps_authorizations',
        recordId: row.id,
        action: 'update',
        oldValues: auditView(before!),
        newValues: auditView(row),
      });
      ids.push(row.id);
      updated++;
    }
    const authorizations = (await repo.list(tx, today, { ids })).map(toDto);
    return { created, updated, authorizations };
  });
}

export async function deleteAuthorization(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    await repo.remove(tx, id);
    await writeAudit(tx, actor, {
      table: 'eps_authorizations',
      recordId: id,
      action: 'delete',
      oldValues: auditView(before),
    });
  });
}
