import { AppError } from '@ips/shared/errors';
import type {
  GenerateBulkBody,
  GenerateScheduleBody,
  GenerationResultDto,
} from '@ips/shared/schemas/agenda-templates';
import type { Tx } from '../../db/client';
import { writeAudits } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { pgErrorCode } from '../../lib/pg-errors';
import { createAgendas, existingBlocks, type NewAgenda, orgClock } from '../availabilities';
import * as holidayRepo from '../holidays';
import { DoctorDays, planTemplate } from './plan';
import * as repo from './repo';
import { TEMPLATE_NOT_FOUND } from './service';

type Options = Omit<GenerateScheduleBody, 'template_id'>;

class DryRun extends Error {
  constructor(readonly result: GenerationResultDto) {
    super('dry run');
  }
}

/** A run that lost a race on the exclusion constraint (or a deadlock) is run again: it then sees the winner's agendas. */
const RETRIES = 3;

/**
 * Generates the agendas of the templates over the range, all or nothing, in one transaction (decision 035). The
 * preview (dry_run) takes the same path, inserts included, and rolls back: it answers exactly what a real run
 * would, constraint checks and all, and writes nothing.
 */
async function run(
  deps: AppDeps,
  actor: Actor,
  ids: number[],
  opts: Options,
  withAgendas: boolean,
): Promise<GenerationResultDto> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction(async (tx) => {
        const result = await generate(deps, tx, actor, ids, opts, withAgendas);
        if (opts.dry_run) throw new DryRun(result);
        return result;
      });
    } catch (err) {
      if (err instanceof DryRun) return err.result;
      const code = pgErrorCode(err);
      if ((code === '23P01' || code === '40P01') && attempt < RETRIES) continue;
      throw err;
    }
  }
}

async function generate(
  deps: AppDeps,
  tx: Tx,
  actor: Actor,
  ids: number[],
  opts: Options,
  withAgendas: boolean,
): Promise<GenerationResultDto> {
  const templates = await repo.findManyForUpdate(tx, ids);
  const missing = ids.filter((id) => !templates.some((t) => t.id === id));
  if (missing.length)
    throw new AppError(
      'NOT_FOUND',
      ids.length === 1 ? TEMPLATE_NOT_FOUND : `Plantillas no encontradas: ${missing.join(', ')}`,
    );
  for (const t of templates) {
    if (!t.active) throw new AppError('CONFLICT', `La plantilla "${t.name}" está inactiva`);
    if (!t.doctorId || !t.specialtyId || !t.locationId)
      throw new AppError(
        'VALIDATION',
        `La plantilla "${t.name}" debe tener doctor, especialidad y ubicación para generar agendas`,
      );
  }
  const holidays = opts.exclude_holidays
    ? new Map(
        (await holidayRepo.list(tx, { start: opts.start_date, end: opts.end_date })).map((h) => [
          h.date,
          h.name,
        ]),
      )
    : null;
  const days = new DoctorDays();
  const doctorIds = [...new Set(templates.map((t) => t.doctorId!))];
  for (const b of await existingBlocks(tx, doctorIds, opts.start_date, opts.end_date))
    days.add(b.doctorId, { date: b.date, start: b.startTime, end: b.endTime });
  const { today, nowMinutes } = orgClock(deps.config.orgTimezone);

  const rows: NewAgenda[] = [];
  const result: GenerationResultDto = { generated_count: 0, skipped_conflicts: [], dry_run: opts.dry_run };
  const perTemplate: NonNullable<GenerationResultDto['templates']> = [];
  for (const t of templates) {
    const plan = planTemplate(
      {
        templateId: t.id,
        doctorId: t.doctorId!,
        daysOfWeek: t.daysOfWeek,
        slots: t.timeSlots,
        start: opts.start_date,
        end: opts.end_date,
        holidays,
        skipExisting: opts.skip_existing,
        today,
        nowMinutes,
      },
      days,
    );
    const clash = plan.clashes[0];
    if (clash) throw new AppError('CONFLICT', `${clash.date}: ${clash.reason}`);
    for (const p of plan.planned)
      rows.push({
        doctorId: t.doctorId!,
        specialtyId: t.specialtyId!,
        locationId: t.locationId!,
        date: p.date,
        startTime: p.start_time,
        endTime: p.end_time,
        capacity: p.capacity,
        durationMinutes: t.durationMinutes,
        templateId: t.id,
      });
    result.skipped_conflicts.push(...plan.skipped);
    perTemplate.push({
      template_id: t.id,
      generated_count: plan.planned.length,
      skipped_count: plan.skipped.length,
    });
    if (withAgendas) (result.agendas ??= []).push(...plan.planned);
  }
  await createAgendas(deps, tx, actor, rows, { generated_from_template: true });
  await writeAudits(
    tx,
    actor,
    perTemplate.map((p) => ({
      table: 'agenda_templates',
      recordId: p.template_id,
      action: 'generate',
      newValues: {
        start_date: opts.start_date,
        end_date: opts.end_date,
        exclude_holidays: opts.exclude_holidays,
        skip_existing: opts.skip_existing,
        generated_count: p.generated_count,
        skipped_count: p.skipped_count,
      },
    })),
  );
  result.generated_count = rows.length;
  if (!withAgendas) result.templates = perTemplate;
  return result;
}

export function generateSchedule(deps: AppDeps, actor: Actor, body: GenerateScheduleBody) {
  const { template_id, ...opts } = body;
  return run(deps, actor, [template_id], opts, true);
}

export function generateBulk(deps: AppDeps, actor: Actor, body: GenerateBulkBody) {
  const { template_ids, ...opts } = body;
  return run(deps, actor, template_ids, opts, false);
}
