import { AppError } from '@ips/shared/errors';
import {
  createTemplateBody,
  type CreateTemplateBody,
  type ListTemplatesQuery,
  type TemplateDto,
  type UpdateTemplateBody,
} from '@ips/shared/schemas/agenda-templates';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { assertPractice } from '../availabilities';
import * as repo from './repo';

export const TEMPLATE_NOT_FOUND = 'Plantilla no encontrada';

export function toTemplateDto(row: repo.TemplateWithNames): TemplateDto {
  const t = row.t;
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    doctor_id: t.doctorId,
    specialty_id: t.specialtyId,
    location_id: t.locationId,
    doctor_name: row.doctorName,
    specialty_name: row.specialtyName,
    location_name: row.locationName,
    days_of_week: t.daysOfWeek,
    time_slots: t.timeSlots,
    duration_minutes: t.durationMinutes,
    break_between_slots: t.breakBetweenSlots,
    active: t.active,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** The audit's picture of a template: its columns, no names. */
export function templateAuditView(t: repo.TemplateRow) {
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    doctor_id: t.doctorId,
    specialty_id: t.specialtyId,
    location_id: t.locationId,
    days_of_week: t.daysOfWeek,
    time_slots: t.timeSlots,
    duration_minutes: t.durationMinutes,
    break_between_slots: t.breakBetweenSlots,
    active: t.active,
  };
}

function toValues(body: CreateTemplateBody): Omit<repo.TemplateValues, 'createdBy'> {
  return {
    name: body.name,
    description: body.description ?? null,
    doctorId: body.doctor_id ?? null,
    specialtyId: body.specialty_id ?? null,
    locationId: body.location_id ?? null,
    daysOfWeek: body.days_of_week,
    timeSlots: body.time_slots.map((s) => ({ start: s.start, end: s.end, capacity: s.capacity })),
    durationMinutes: body.duration_minutes,
    breakBetweenSlots: body.break_between_slots,
    active: body.active,
  };
}

/** With doctor, specialty and location all chosen, the doctor must practise it there (the agenda rule). */
async function assertPracticeIfComplete(tx: Executor, v: Omit<repo.TemplateValues, 'createdBy'>) {
  if (v.doctorId && v.specialtyId && v.locationId)
    await assertPractice(tx, v.doctorId, v.specialtyId, v.locationId);
}

async function detail(db: Executor, id: number): Promise<TemplateDto> {
  const row = await repo.findWithNames(db, id);
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return toTemplateDto(row);
}

export async function listTemplates(deps: AppDeps, q: ListTemplatesQuery) {
  const { rows, total } = await repo.listPage(
    deps.db,
    { search: q.search, doctorId: q.doctor_id, active: q.active },
    q.limit,
    (q.page - 1) * q.limit,
  );
  return { data: rows.map(toTemplateDto), total, page: q.page, limit: q.limit };
}

export const getTemplate = (deps: AppDeps, id: number) => detail(deps.db, id);

export async function createTemplate(deps: AppDeps, actor: Actor, body: CreateTemplateBody) {
  return deps.db.transaction(async (tx) => {
    const values = toValues(body);
    await assertPracticeIfComplete(tx, values);
    const row = await repo.insert(tx, { ...values, createdBy: actor.userId });
    await writeAudit(tx, actor, {
      table: 'agenda_templates',
      recordId: row.id,
      action: 'create',
      newValues: templateAuditView(row),
    });
    return detail(tx, row.id);
  });
}

/** The stored template in the shape of the create body, for merging a partial update. */
function asBody(t: repo.TemplateRow) {
  return {
    name: t.name,
    description: t.description,
    doctor_id: t.doctorId,
    specialty_id: t.specialtyId,
    location_id: t.locationId,
    days_of_week: t.daysOfWeek,
    time_slots: t.timeSlots,
    duration_minutes: t.durationMinutes,
    break_between_slots: t.breakBetweenSlots,
    active: t.active,
  };
}

function validationError(error: { issues: { path: PropertyKey[]; message: string }[] }): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    (errors[key] ??= []).push(issue.message);
  }
  const message = [...new Set(error.issues.map((i) => i.message))].join('. ');
  return new AppError('VALIDATION', message, errors);
}

export async function updateTemplate(deps: AppDeps, actor: Actor, id: number, body: UpdateTemplateBody) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    // The merged template is checked whole: a new pause or duration must still fit the stored slots.
    const merged = createTemplateBody.safeParse({ ...asBody(before), ...changes });
    if (!merged.success) throw validationError(merged.error);
    const values = toValues(merged.data);
    const practiceChanged =
      values.doctorId !== before.doctorId ||
      values.specialtyId !== before.specialtyId ||
      values.locationId !== before.locationId;
    if (practiceChanged) await assertPracticeIfComplete(tx, values);
    const row = (await repo.update(tx, id, values))!;
    await writeAudit(tx, actor, {
      table: 'agenda_templates',
      recordId: id,
      action: 'update',
      oldValues: templateAuditView(before),
      newValues: templateAuditView(row),
    });
    return detail(tx, id);
  });
}

/** Its generated agendas stay (their template_id becomes null). */
export async function deleteTemplate(deps: AppDeps, actor: Actor, id: number) {
  await deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    await repo.remove(tx, id);
    await writeAudit(tx, actor, {
      table: 'agenda_templates',
      recordId: id,
      action: 'delete',
      oldValues: templateAuditView(before),
    });
  });
}

/** A copy named "<name> (copia)" (cut to fit 100 characters), everything else the same. */
export async function duplicateTemplate(deps: AppDeps, actor: Actor, id: number) {
  return deps.db.transaction(async (tx) => {
    const source = await repo.findByIdForUpdate(tx, id);
    if (!source) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    const suffix = ' (copia)';
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
    const row = await repo.insert(tx, {
      ...rest,
      name: `${source.name.slice(0, 100 - suffix.length)}${suffix}`,
      createdBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      table: 'agenda_templates',
      recordId: row.id,
      action: 'create',
      newValues: { ...templateAuditView(row), duplicated_from: id },
    });
    return detail(tx, row.id);
  });
}
