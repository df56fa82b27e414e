import { AppError } from '@ips/shared/errors';
import { localDate } from '@ips/shared/format';
import {
  addDays,
  daysBetween,
  expectedDueDate,
  MAX_GESTATION_DAYS,
  type CreatePregnancyBody,
  type CreatePrenatalControlBody,
  type PregnancyDto,
  type PrenatalControlDto,
  type UpdatePregnancyBody,
} from '@ips/shared/schemas/pregnancies';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { pregnancyAuditView, toControlDto, toPregnancyDto } from './dto';
import * as repo from './repo';

/** Live-update channel shared with the patient screens; ids only. */
const CHANNEL = 'patients';
const today = (deps: AppDeps) => localDate(new Date(), deps.config.orgTimezone);

function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION', message, { [field]: [message] });
}

async function requirePatient(db: Executor, patientId: number) {
  const patient = await repo.findPatient(db, patientId);
  if (!patient) throw new AppError('NOT_FOUND', 'Paciente no encontrado');
  return patient;
}

/** A FUM for an ongoing pregnancy: not after today, not so long ago that the pregnancy must have ended. */
function checkStartDate(startDate: string, now: string) {
  if (startDate > now) throw invalid('start_date', 'La fecha de inicio (FUM) no puede ser futura');
  if (startDate < addDays(now, -MAX_GESTATION_DAYS))
    throw invalid('start_date', 'La FUM no puede ser anterior a 44 semanas');
}

export async function activePregnancy(deps: AppDeps, patientId: number): Promise<PregnancyDto | null> {
  await requirePatient(deps.db, patientId);
  const row = await repo.findActiveByPatient(deps.db, patientId);
  return row ? toPregnancyDto(row, today(deps)) : null;
}

export async function pregnancyHistory(deps: AppDeps, patientId: number): Promise<PregnancyDto[]> {
  await requirePatient(deps.db, patientId);
  const now = today(deps);
  return (await repo.listByPatient(deps.db, patientId)).map((r) => toPregnancyDto(r, now));
}

/** Registers a pregnancy: female patient, one open at a time, FPP = FUM + 280 computed here. */
export async function createPregnancy(
  deps: AppDeps,
  actor: Actor,
  body: CreatePregnancyBody,
): Promise<PregnancyDto> {
  const now = today(deps);
  checkStartDate(body.start_date, now);
  return deps.db.transaction(async (tx) => {
    const patient = await requirePatient(tx, body.patient_id);
    if (patient.gender !== 'Femenino') {
      throw new AppError('CONFLICT', 'Solo se pueden registrar embarazos de pacientes de género femenino');
    }
    if (await repo.findActiveByPatient(tx, body.patient_id))
      throw new AppError('CONFLICT', 'La paciente ya tiene un embarazo activo');
    const highRisk = body.high_risk ?? false;
    const row = await repo.insert(tx, {
      patientId: body.patient_id,
      startDate: body.start_date,
      expectedDueDate: expectedDueDate(body.start_date),
      highRisk,
      riskFactors: highRisk ? (body.risk_factors ?? null) : null,
      notes: body.notes ?? null,
    });
    await writeAudit(tx, actor, {
      table: 'pregnancies',
      recordId: row.id,
      action: 'create',
      newValues: pregnancyAuditView(row),
    });
    await deps.events.publish(tx, CHANNEL, 'pregnancy.created', { id: row.id, patient_id: row.patientId });
    return toPregnancyDto({ pregnancy: row, controls: 0 }, now);
  });
}

/**
 * Closes a pregnancy ('Completada' with its delivery date, today unless given; 'Interrumpida') or edits it. A
 * closed pregnancy keeps its status; its notes, risk and delivery date can still be corrected.
 */
export async function updatePregnancy(
  deps: AppDeps,
  actor: Actor,
  id: number,
  body: UpdatePregnancyBody,
): Promise<PregnancyDto> {
  const now = today(deps);
  return deps.db.transaction(async (tx) => {
    const before = await repo.findByIdForUpdate(tx, id);
    if (!before) throw new AppError('NOT_FOUND', 'Embarazo no encontrado');
    const open = before.status === 'Activa';
    const status = body.status ?? before.status;
    if (!open && status !== before.status) throw new AppError('CONFLICT', 'El embarazo ya está cerrado');

    const values: Partial<repo.PregnancyRow> = {};
    let startDate = before.startDate;
    if (body.start_date !== undefined && body.start_date !== before.startDate) {
      if (!open) throw new AppError('CONFLICT', 'No se puede cambiar la FUM de un embarazo cerrado');
      checkStartDate(body.start_date, now);
      const firstControl = await repo.earliestControlDate(tx, id);
      if (firstControl && body.start_date > firstControl) {
        throw invalid('start_date', 'La FUM no puede ser posterior a un control prenatal registrado');
      }
      startDate = body.start_date;
      Object.assign(values, { startDate, expectedDueDate: expectedDueDate(startDate) });
    }

    if (status === 'Activa') {
      if (body.delivery_date !== undefined)
        throw invalid('delivery_date', 'La fecha del parto solo aplica a un embarazo cerrado');
    } else {
      const delivery = body.delivery_date ?? before.deliveryDate ?? now;
      if (delivery > now) throw invalid('delivery_date', 'La fecha de cierre no puede ser futura');
      if (delivery < startDate)
        throw invalid('delivery_date', 'La fecha de cierre no puede ser anterior a la FUM');
      const lastControl = await repo.latestControlDate(tx, id);
      if (lastControl && delivery < lastControl) {
        throw invalid(
          'delivery_date',
          'La fecha de cierre no puede ser anterior a un control prenatal registrado',
        );
      }
      Object.assign(values, { status, deliveryDate: delivery });
    }

    const highRisk = body.high_risk ?? before.highRisk;
    if (body.high_risk !== undefined) values.highRisk = highRisk;
    if (!highRisk) values.riskFactors = null;
    else if (body.risk_factors !== undefined) values.riskFactors = body.risk_factors;
    if (body.notes !== undefined) values.notes = body.notes;

    const after = await repo.update(tx, id, values);
    const action = open && after.status !== 'Activa' ? 'close' : 'update';
    await writeAudit(tx, actor, {
      table: 'pregnancies',
      recordId: id,
      action,
      oldValues: pregnancyAuditView(before),
      newValues: pregnancyAuditView(after),
    });
    await deps.events.publish(tx, CHANNEL, 'pregnancy.updated', { id, patient_id: after.patientId });
    return toPregnancyDto((await repo.findWithCount(tx, id))!, now);
  });
}

/** The patient a pregnancy belongs to (the access log and a doctor's scope are about patients). */
export async function patientOfPregnancy(deps: AppDeps, pregnancyId: number): Promise<number> {
  const row = await repo.findWithCount(deps.db, pregnancyId);
  if (!row) throw new AppError('NOT_FOUND', 'Embarazo no encontrado');
  return row.pregnancy.patientId;
}

export async function listControls(deps: AppDeps, pregnancyId: number): Promise<PrenatalControlDto[]> {
  if (!(await repo.findWithCount(deps.db, pregnancyId)))
    throw new AppError('NOT_FOUND', 'Embarazo no encontrado');
  return (await repo.listControls(deps.db, pregnancyId)).map(toControlDto);
}

/**
 * A prenatal control between the FUM and today (and not after the pregnancy closed). Without weeks, the
 * gestational age on the control date is used.
 */
export async function createControl(
  deps: AppDeps,
  actor: Actor,
  body: CreatePrenatalControlBody,
): Promise<PrenatalControlDto> {
  const now = today(deps);
  if (body.control_date > now) throw invalid('control_date', 'La fecha del control no puede ser futura');
  return deps.db.transaction(async (tx) => {
    const pregnancy = await repo.findByIdForUpdate(tx, body.pregnancy_id);
    if (!pregnancy) throw new AppError('NOT_FOUND', 'Embarazo no encontrado');
    if (body.control_date < pregnancy.startDate)
      throw invalid('control_date', 'La fecha del control no puede ser anterior a la FUM');
    if (pregnancy.deliveryDate && body.control_date > pregnancy.deliveryDate) {
      throw invalid('control_date', 'La fecha del control no puede ser posterior al cierre del embarazo');
    }
    const weeks =
      body.gestational_weeks ?? Math.floor(daysBetween(pregnancy.startDate, body.control_date) / 7);
    if (weeks > 45) throw invalid('gestational_weeks', 'Las semanas de gestación deben estar entre 0 y 45');
    const row = await repo.insertControl(tx, {
      pregnancyId: pregnancy.id,
      controlDate: body.control_date,
      gestationalWeeks: weeks,
      weightKg: body.weight_kg,
      bloodPressure: body.blood_pressure,
      fetalHeartRate: body.fetal_heart_rate ?? null,
      notes: body.notes ?? null,
      createdBy: actor.userId,
    });
    const dto = toControlDto(row);
    const { id: _id, created_at: _at, ...audited } = dto;
    await writeAudit(tx, actor, {
      table: 'prenatal_controls',
      recordId: row.id,
      action: 'create',
      newValues: audited,
    });
    await deps.events.publish(tx, CHANNEL, 'prenatal_control.created', {
      id: row.id,
      pregnancy_id: pregnancy.id,
      patient_id: pregnancy.patientId,
    });
    return dto;
  });
}
