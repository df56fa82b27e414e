import { AppError } from '@ips/shared/errors';
import type { HolidayDto } from '@ips/shared/schemas/holidays';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { ensureHolidayYears } from './calendar';
import * as repo from './repo';

export const HOLIDAYS_CHANNEL = 'holidays';
const NOT_FOUND = 'No hay un festivo registrado en esa fecha';

const toDto = (r: repo.HolidayRow): HolidayDto => ({ date: r.date, name: r.name });

export async function listHolidays(
  deps: AppDeps,
  q: { year?: number; start_date?: string; end_date?: string },
): Promise<HolidayDto[]> {
  const start = q.year ? `${q.year}-01-01` : q.start_date;
  const end = q.year ? `${q.year}-12-31` : q.end_date;
  return (await repo.list(deps.db, { start, end })).map(toDto);
}

export async function createHoliday(deps: AppDeps, actor: Actor, body: HolidayDto): Promise<HolidayDto> {
  return deps.db.transaction(async (tx) => {
    // The computed holidays of its year first: a date already computed is one that exists.
    await ensureHolidayYears(tx, body.date, body.date);
    const row = await repo.insert(tx, body);
    if (!row) throw new AppError('CONFLICT', 'Ya existe un festivo registrado en esa fecha');
    await writeAudit(tx, actor, {
      table: 'holidays',
      recordId: row.date,
      action: 'create',
      newValues: toDto(row),
    });
    await deps.events.publish(tx, HOLIDAYS_CHANNEL, 'holiday.created', { date: row.date });
    return toDto(row);
  });
}

export async function renameHoliday(deps: AppDeps, actor: Actor, date: string, name: string) {
  return deps.db.transaction(async (tx) => {
    await ensureHolidayYears(tx, date, date);
    const before = await repo.findByDate(tx, date);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    const after = (await repo.rename(tx, date, name))!;
    await writeAudit(tx, actor, {
      table: 'holidays',
      recordId: date,
      action: 'update',
      oldValues: toDto(before),
      newValues: toDto(after),
    });
    await deps.events.publish(tx, HOLIDAYS_CHANNEL, 'holiday.updated', { date });
    return toDto(after);
  });
}

/** Removing a holiday does not redistribute agendas already distributed; "regenerate" does that on request. */
export async function deleteHoliday(deps: AppDeps, actor: Actor, date: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await ensureHolidayYears(tx, date, date);
    const row = await repo.remove(tx, date);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await writeAudit(tx, actor, {
      table: 'holidays',
      recordId: date,
      action: 'delete',
      oldValues: toDto(row),
    });
    await deps.events.publish(tx, HOLIDAYS_CHANNEL, 'holiday.deleted', { date });
  });
}
