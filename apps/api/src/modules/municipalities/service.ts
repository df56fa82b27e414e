import { AppError } from '@ips/shared/errors';
import type {
  CreateMunicipalityBody,
  MunicipalityDto,
  UpdateMunicipalityBody,
} from '@ips/shared/schemas/resources-municipalities';
import type { Db, Executor } from '../../db/client';
import type { Actor } from '../../lib/context';
import { writeAudit } from '../../lib/audit';
import { registerConstraintMessage } from '../../plugins/errors';
import { removeOrExplain } from '../master-data';
import * as repo from './repo';

registerConstraintMessage(
  'municipalities_code_key',
  'CONFLICT',
  'Ya existe un municipio con ese código DIVIPOLA',
);
registerConstraintMessage(
  'municipalities_code_check',
  'VALIDATION',
  'El código DIVIPOLA debe tener 5 dígitos',
);
registerConstraintMessage(
  'locations_municipality_fk',
  'CONFLICT',
  'El municipio tiene sedes asociadas y no se puede eliminar',
);

const NOT_FOUND = 'Municipio no encontrado';

async function requireZone(tx: Executor, zoneId: number) {
  if (!(await repo.zoneExists(tx, zoneId)))
    throw new AppError('VALIDATION', 'La zona seleccionada no existe', {
      zone_id: ['La zona seleccionada no existe'],
    });
}

export async function listMunicipalities(
  db: Db,
  filter: { zone_id?: number; q?: string; department?: string },
): Promise<MunicipalityDto[]> {
  return repo.list(db, filter);
}

export async function getMunicipality(db: Db, id: number): Promise<MunicipalityDto> {
  const m = await repo.findById(db, id);
  if (!m) throw new AppError('NOT_FOUND', NOT_FOUND);
  return m;
}

export async function createMunicipality(db: Db, actor: Actor, body: CreateMunicipalityBody) {
  return db.transaction(async (tx) => {
    await requireZone(tx, body.zone_id);
    const id = await repo.insert(tx, {
      name: body.name,
      zoneId: body.zone_id,
      code: body.code ?? null,
      department: body.department ?? null,
    });
    const after = (await repo.findById(tx, id))!;
    await writeAudit(tx, actor, {
      table: 'municipalities',
      recordId: id,
      action: 'create',
      newValues: after,
    });
    return after;
  });
}

/** Rename, recode or move a municipality to another zone. */
export async function updateMunicipality(db: Db, actor: Actor, id: number, body: UpdateMunicipalityBody) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = (await repo.findById(tx, id))!;
    if (body.zone_id !== undefined) await requireZone(tx, body.zone_id);
    await repo.update(tx, id, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.zone_id !== undefined && { zoneId: body.zone_id }),
      ...(body.code !== undefined && { code: body.code }),
      ...(body.department !== undefined && { department: body.department }),
    });
    const after = (await repo.findById(tx, id))!;
    await writeAudit(tx, actor, {
      table: 'municipalities',
      recordId: id,
      action: 'update',
      oldValues: before,
      newValues: after,
    });
    return after;
  });
}

/**
 * Refused while a location is in the municipality. Patients do not exist yet; the patients issue adds its
 * own foreign key (restrict) and count here.
 */
export async function deleteMunicipality(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    if (!(await repo.lockById(tx, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    const before = (await repo.findById(tx, id))!;
    // Sites and patients located in it keep it (RESTRICT): the 409 counts them.
    await removeOrExplain(tx, { table: 'municipalities', id, subject: 'el municipio' }, (sp) =>
      repo.remove(sp, id),
    );
    await writeAudit(tx, actor, {
      table: 'municipalities',
      recordId: id,
      action: 'delete',
      oldValues: before,
    });
  });
}
