import { AppError } from '@ips/shared/errors';
import { AGENDA_MESSAGES } from '@ips/shared/schemas/availabilities';
import type { Executor } from '../../db/client';
import { writeAudits } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { auditView } from './dto';
import * as repo from './repo';
import { AGENDAS_CHANNEL, assertPractice, todayIn } from './rules';

export interface NewAgenda {
  doctorId: number;
  specialtyId: number;
  locationId: number;
  date: string;
  startTime: string;
  endTime: string;
  capacity: number;
  durationMinutes: number;
  templateId?: number | null;
}

/** The existing non-cancelled agendas of these doctors in a date range (the friendly overlap check reads them). */
export const existingBlocks = repo.listBlocks;

/**
 * Creates many agendas inside the caller's transaction under the rules of `createAvailability`: no past date,
 * the doctor practises the specialty at the location (checked once per combination), each row an Activa agenda
 * without quota distribution, overlaps refused by the exclusion constraint (the caller checks first with
 * `blocksOverlap` for the friendly answer), each agenda audited as created, and one event for the whole set.
 * Returns the new ids in the order given.
 */
export async function createAgendas(
  deps: AppDeps,
  tx: Executor,
  actor: Actor,
  rows: NewAgenda[],
  origin: Record<string, unknown>,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const today = todayIn(deps.config.orgTimezone);
  if (rows.some((r) => r.date < today))
    throw new AppError('VALIDATION', AGENDA_MESSAGES.pastDate, { date: [AGENDA_MESSAGES.pastDate] });
  const practices = new Map<string, NewAgenda>();
  for (const r of rows) practices.set(`${r.doctorId}:${r.specialtyId}:${r.locationId}`, r);
  for (const p of practices.values()) await assertPractice(tx, p.doctorId, p.specialtyId, p.locationId);

  const inserted = await repo.insertMany(
    tx,
    rows.map((r) => ({
      doctorId: r.doctorId,
      specialtyId: r.specialtyId,
      locationId: r.locationId,
      date: r.date,
      startTime: r.startTime,
      endTime: r.endTime,
      capacity: r.capacity,
      durationMinutes: r.durationMinutes,
      status: 'Activa',
      autoPreallocate: false,
      autoDistribute: false,
      excludeWeekends: true,
      templateId: r.templateId ?? null,
      createdBy: actor.userId,
    })),
  );
  await writeAudits(
    tx,
    actor,
    inserted.map((row) => ({
      table: 'availabilities',
      recordId: row.id,
      action: 'create',
      newValues: { ...auditView(row), template_id: row.templateId, ...origin },
    })),
  );
  const ids = inserted.map((r) => r.id);
  await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.generated', {
    count: ids.length,
    ids: ids.slice(0, 200),
  });
  return ids;
}
