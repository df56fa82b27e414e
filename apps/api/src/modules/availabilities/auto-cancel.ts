import { and, asc, desc, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EXPIRED_AGENDA_REASON } from '@ips/shared/schemas/appointments';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import type { Tx } from '../../db/client';
import { agendaAutoCancelLog, availabilities } from '../../db/schema/agendas';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { cancelOpenAppointmentsOfAgenda } from '../appointments';
import { readMany } from '../settings';
import { auditView, toAvailabilityDto } from './dto';
import { AGENDA_AUTO_CANCELLED } from './hooks';
import * as repo from './repo';
import { AGENDAS_CHANNEL, todayIn } from './rules';

/*
 * Expired agendas (spec part 1 §4 "Auto-cancel"): an agenda of a past day that is neither Cancelada nor
 * Completa. Cancelling them sets Cancelada and, when asked, cancels their appointments still to happen with
 * the reason 'Disponibilidad vencida', giving back the slots. Manual runs and the hourly run share one
 * transaction-scoped advisory lock, so two instances (or a user and the timer) never cancel the same agenda twice.
 */

const AUTO_CANCEL_LOCK = 727_101;
const LOG_SIZE = 20;
const OPEN_STATUSES_EXCLUDED = ['Cancelada', 'Completa'];

const isOn = (v: unknown) => v === true || v === 'true' || v === 1 || v === '1';

export async function expiredAgendas(deps: AppDeps, date?: string) {
  const today = todayIn(deps.config.orgTimezone);
  // A selected day that is today or later has nothing expired yet.
  if (date && date >= today) return [];
  const rows = await repo.list(deps.db, {
    ...(date ? { date } : { endDate: addDays(today, -1) }),
    statusNotIn: OPEN_STATUSES_EXCLUDED,
  });
  return rows.map(toAvailabilityDto);
}

export async function autoCancelSettings(deps: AppDeps) {
  const s = await readMany(deps.db, [
    'auto_cancel_without_confirmation',
    'auto_cancel_also_appointments_default',
  ]);
  return {
    withoutConfirmation: isOn(s.auto_cancel_without_confirmation),
    // Spec: the switch's default comes from settings, else true.
    alsoAppointmentsDefault:
      s.auto_cancel_also_appointments_default === undefined
        ? true
        : isOn(s.auto_cancel_also_appointments_default),
  };
}

export interface AutoCancelOptions {
  availabilityIds?: number[];
  alsoAppointments: boolean;
  trigger: 'manual' | 'automatic';
}

async function cancelExpiredInTx(tx: Tx, deps: AppDeps, actor: Actor, opts: AutoCancelOptions) {
  const yesterday = addDays(todayIn(deps.config.orgTimezone), -1);
  const locked = await tx
    .select()
    .from(availabilities)
    .where(
      and(
        lte(availabilities.date, yesterday),
        notInArray(availabilities.status, OPEN_STATUSES_EXCLUDED),
        opts.availabilityIds
          ? inArray(availabilities.id, opts.availabilityIds.length ? opts.availabilityIds : [0])
          : undefined,
      ),
    )
    .orderBy(asc(availabilities.id))
    .for('update');
  const named = new Map((await repo.list(tx, { ids: locked.map((a) => a.id) })).map((r) => [r.a.id, r]));
  let appointmentsCancelled = 0;
  for (const before of locked) {
    const after = (await repo.update(tx, before.id, { status: 'Cancelada' }))!;
    const cancelled = opts.alsoAppointments
      ? await cancelOpenAppointmentsOfAgenda(tx, actor, before.id, EXPIRED_AGENDA_REASON)
      : [];
    appointmentsCancelled += cancelled.length;
    const n = named.get(before.id)!;
    await tx.insert(agendaAutoCancelLog).values({
      availabilityId: before.id,
      agendaDate: before.date,
      doctorName: n.doctorName,
      specialtyName: n.specialtyName,
      locationName: n.locationName,
      startTime: before.startTime,
      endTime: before.endTime,
      appointmentsCancelled: cancelled.length,
      trigger: opts.trigger,
      userId: actor.userId,
    });
    await writeAudit(tx, actor, {
      table: 'availabilities',
      recordId: before.id,
      action: 'auto_cancel',
      oldValues: auditView(before),
      newValues: { ...auditView(after), appointments_cancelled: cancelled.length, trigger: opts.trigger },
    });
    await deps.events.publish(tx, AGENDAS_CHANNEL, 'agenda.cancelled', { id: before.id });
  }
  const done = new Set(locked.map((a) => a.id));
  if (locked.length > 0)
    await deps.hooks.run(AGENDA_AUTO_CANCELLED, tx, deps, actor, {
      cancelled: locked.length,
      appointmentsCancelled,
      trigger: opts.trigger,
    });
  return {
    cancelled: locked.length,
    appointments_cancelled: appointmentsCancelled,
    availability_ids: [...done],
    skipped_ids: (opts.availabilityIds ?? []).filter((id) => !done.has(id)),
  };
}

/** "Cancelar ahora": waits for a run in progress elsewhere, then cancels what is still expired. */
export async function autoCancel(
  deps: AppDeps,
  actor: Actor,
  body: { availability_ids?: number[]; also_appointments?: boolean },
) {
  const alsoAppointments = body.also_appointments ?? (await autoCancelSettings(deps)).alsoAppointmentsDefault;
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUTO_CANCEL_LOCK})`);
    return cancelExpiredInTx(tx, deps, actor, {
      availabilityIds: body.availability_ids,
      alsoAppointments,
      trigger: 'manual',
    });
  });
}

/** One scheduled run: does nothing unless auto_cancel_without_confirmation is on or another instance runs. */
export async function runScheduledAutoCancel(deps: AppDeps) {
  const settings = await autoCancelSettings(deps);
  if (!settings.withoutConfirmation) return null;
  return deps.db.transaction(async (tx) => {
    const res = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${AUTO_CANCEL_LOCK}) as ok`,
    );
    if (!res.rows[0]?.ok) return null;
    return cancelExpiredInTx(
      tx,
      deps,
      { userId: null, requestId: 'auto-cancel' },
      { alsoAppointments: settings.alsoAppointmentsDefault, trigger: 'automatic' },
    );
  });
}

const HOUR = 3_600_000;

/** The hourly run of every API instance; the setting is read at each run, so turning it on needs no restart. */
export function startAutoCancelTimer(deps: AppDeps, log: FastifyBaseLogger): () => void {
  const run = () =>
    runScheduledAutoCancel(deps)
      .then((r) => {
        if (r?.cancelled) log.info({ cancelled: r.cancelled }, 'expired agendas cancelled');
      })
      .catch((err) => log.warn({ err }, 'auto-cancel run failed'));
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, HOUR);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

export async function autoCancelLog(deps: AppDeps) {
  const rows = await deps.db
    .select()
    .from(agendaAutoCancelLog)
    .orderBy(desc(agendaAutoCancelLog.createdAt), desc(agendaAutoCancelLog.id))
    .limit(LOG_SIZE);
  return rows.map((r) => ({
    id: r.id,
    availability_id: r.availabilityId,
    date: r.agendaDate,
    doctor_name: r.doctorName,
    specialty_name: r.specialtyName,
    location_name: r.locationName,
    start_time: r.startTime,
    end_time: r.endTime,
    appointments_cancelled: r.appointmentsCancelled,
    trigger: r.trigger,
    user_id: r.userId,
    created_at: r.createdAt.toISOString(),
  }));
}
