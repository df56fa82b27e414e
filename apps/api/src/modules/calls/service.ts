import { sql } from 'drizzle-orm';
import { AppError } from '@ips/shared/errors';
import { startOfLocalDay } from '@ips/shared/format';
import {
  CALL_ACTION_FROM,
  CALL_CONSTANTS,
  CALL_MESSAGES as M,
  type CallAction,
  type CallEventPayload,
  type CallEventType,
  type CallHistoryQuery,
  type PatientCallsQuery,
  type CallPriority,
  type CallStatus,
  type CreateCallBody,
} from '@ips/shared/schemas/calls';
import type { Executor } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import { orgToday } from '../../lib/org-time';
import { endedIn, measureCalls, offeredIn, serviceLevelThreshold } from './measures';
import { findAgentUser, findPatientById, matchPatient } from './patient-match';
import * as repo from './repo';
import { singleFlight } from './single-flight';

const shared = singleFlight<AppDeps>();

/*
 * Calls (spec part 2 §4): waiting → active (attend, a named agent); active → active (transfer to another
 * agent); active → waiting (hold); active | waiting → ended (end, with an outcome). Each transition is one
 * conditional UPDATE (repo.transition), so concurrent actions on one call cannot both apply; anything else is
 * 409 with the reason in Spanish. Every change is audited and published on the calls channel (/calls/stream).
 */

export const CALLS_CHANNEL = 'calls';

function publish(tx: Executor, deps: AppDeps, type: CallEventType, c: repo.CallRow) {
  const payload: CallEventPayload = {
    id: c.id,
    status: c.status as CallStatus,
    priority: c.priority as CallPriority,
    agent_name: c.agentName,
  };
  return deps.events.publish(tx, CALLS_CHANNEL, type, payload);
}

export async function createCall(deps: AppDeps, actor: Actor, body: CreateCallBody) {
  return deps.db.transaction(async (tx) => {
    const patient = body.patient_id
      ? await findPatientById(tx, body.patient_id)
      : await matchPatient(tx, { document: body.patient_document, phone: body.patient_phone });
    if (body.patient_id && !patient) throw new AppError('NOT_FOUND', M.patientNotFound);
    const name = body.patient_name ?? patient?.name;
    if (!name) throw new AppError('VALIDATION', M.nameRequired, { patient_name: [M.nameRequired] });
    const agent = body.agent_name ?? null;
    const now = new Date();
    const row = await repo.insert(tx, {
      patientId: patient?.id ?? null,
      patientName: name,
      patientPhone: body.patient_phone ?? null,
      patientDocument: body.patient_document ?? patient?.document ?? null,
      agentName: agent,
      agentUserId: agent ? await findAgentUser(tx, agent) : null,
      callType: body.call_type,
      priority: body.priority,
      direction: body.direction,
      status: agent ? 'active' : 'waiting',
      startedAt: now,
      answeredAt: agent ? now : null,
      waitingSince: agent ? null : now,
      conversationId: body.conversation_id ?? null,
      createdBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      table: 'calls',
      recordId: row.id,
      action: 'create',
      newValues: repo.auditView(row),
    });
    await publish(tx, deps, 'created', row);
    return (await repo.findDto(tx, row.id))!;
  });
}

const EVENT_OF: Record<CallAction, CallEventType> = {
  attend: 'attended',
  transfer: 'transferred',
  hold: 'held',
  end: 'ended',
};

/** The 409 (or 404) for an action the call's current status does not allow. */
async function refuse(tx: Executor, id: number, action: CallAction): Promise<never> {
  const c = await repo.findById(tx, id);
  if (!c) throw new AppError('NOT_FOUND', M.notFound);
  const messages = M.invalid[action] as Partial<Record<CallStatus, string>>;
  throw new AppError('CONFLICT', messages[c.status as CallStatus] ?? 'La llamada cambió de estado');
}

async function act(
  deps: AppDeps,
  actor: Actor,
  id: number,
  action: CallAction,
  values: (tx: Executor) => Promise<Record<string, unknown>>,
  guard?: (before: repo.CallRow) => void,
) {
  return deps.db.transaction(async (tx) => {
    const before = await repo.findById(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    guard?.(before);
    const after = await repo.transition(tx, id, CALL_ACTION_FROM[action], await values(tx));
    if (!after) return refuse(tx, id, action);
    await writeAudit(tx, actor, {
      table: 'calls',
      recordId: id,
      action,
      oldValues: repo.auditView(before),
      newValues: repo.auditView(after),
    });
    await publish(tx, deps, EVENT_OF[action], after);
    return (await repo.findDto(tx, id))!;
  });
}

/** waiting → active: the named agent takes the call; the first answer is kept (speed of answer). */
export function attendCall(deps: AppDeps, actor: Actor, id: number, agentName: string) {
  return act(deps, actor, id, 'attend', async (tx) => ({
    status: 'active',
    agentName,
    agentUserId: await findAgentUser(tx, agentName),
    answeredAt: sql`coalesce(answered_at, now())`,
    waitingSince: null,
  }));
}

/** active → active with another agent; counted on the call and audited (old and new agent). */
export function transferCall(deps: AppDeps, actor: Actor, id: number, agentName: string) {
  return act(
    deps,
    actor,
    id,
    'transfer',
    async (tx) => ({
      agentName,
      agentUserId: await findAgentUser(tx, agentName),
      transferCount: sql`transfer_count + 1`,
    }),
    (before) => {
      if (
        before.status === 'active' &&
        before.agentName?.trim().toLowerCase() === agentName.trim().toLowerCase()
      )
        throw new AppError('CONFLICT', M.sameAgent);
    },
  );
}

/** active → waiting: the wait starts again now (longest current wait). */
export function holdCall(deps: AppDeps, actor: Actor, id: number) {
  return act(deps, actor, id, 'hold', async () => ({ status: 'waiting', waitingSince: sql`now()` }));
}

/** active | waiting → ended. A waiting call never answered that ends is abandoned (measures.ts). */
export function endCall(deps: AppDeps, actor: Actor, id: number, outcome: string | null | undefined) {
  return act(deps, actor, id, 'end', async () => ({
    status: 'ended',
    endedAt: sql`greatest(now(), started_at)`,
    waitingSince: null,
    outcome: outcome ?? null,
  }));
}

/* Reads */

export async function getCall(deps: AppDeps, id: number) {
  const c = await repo.findDto(deps.db, id);
  if (!c) throw new AppError('NOT_FOUND', M.notFound);
  return c;
}

export const listActive = (deps: AppDeps) => repo.listLive(deps.db, 'active');
export const listWaiting = (deps: AppDeps) => repo.listLive(deps.db, 'waiting');

const todayStart = (deps: AppDeps, now: Date) =>
  startOfLocalDay(orgToday(deps, now), deps.config.orgTimezone);

export const dashboard = (deps: AppDeps) => shared(deps, 'dashboard', () => computeDashboard(deps));

async function computeDashboard(deps: AppDeps) {
  const now = new Date();
  const since = todayStart(deps, now);
  const [active, waiting, ended, threshold] = await Promise.all([
    repo.listLive(deps.db, 'active', now),
    repo.listLive(deps.db, 'waiting', now),
    endedIn(deps.db, since, now),
    serviceLevelThreshold(deps.db),
  ]);
  const measures = await measureCalls(deps.db, since, now, threshold);
  return {
    stats: {
      active: active.length,
      waiting: waiting.length,
      completed_today: ended.completed,
      avg_duration: ended.avgDuration,
      total_duration: ended.totalDuration,
      measures,
    },
    active,
    waiting,
  };
}

export const stats = (deps: AppDeps, hours: number) =>
  shared(deps, `stats:${hours}`, () => computeStats(deps, hours));

async function computeStats(deps: AppDeps, hours: number) {
  const now = new Date();
  const since = new Date(now.getTime() - hours * 3_600_000);
  const [live, ended, threshold] = await Promise.all([
    repo.countLive(deps.db),
    endedIn(deps.db, since, now),
    serviceLevelThreshold(deps.db),
  ]);
  const measures = await measureCalls(deps.db, since, now, threshold);
  return {
    hours,
    since: since.toISOString(),
    active_calls: live.active,
    waiting_calls: live.waiting,
    completed_calls: ended.completed,
    total: measures.offered,
    call_ended: ended.completed,
    avg_duration: ended.avgDuration,
    total_duration: ended.totalDuration,
    measures,
  };
}

/** The monitor: today's cards, the active calls and the last five completed. */
export const monitorStatus = (deps: AppDeps) => shared(deps, 'status', () => computeMonitorStatus(deps));

async function computeMonitorStatus(deps: AppDeps) {
  const now = new Date();
  const since = todayStart(deps, now);
  const [active, recent, ended, total] = await Promise.all([
    repo.listLive(deps.db, 'active', now),
    repo.listRecentEnded(deps.db, CALL_CONSTANTS.recentCompleted, now),
    endedIn(deps.db, since, now),
    offeredIn(deps.db, since, now),
  ]);
  return {
    stats: {
      active_calls: active.length,
      completed_calls: ended.completed,
      total,
      completion_rate: total > 0 ? Math.min(1, ended.completed / total) : null,
    },
    active_calls: active,
    completed_calls: recent,
    last_updated: now.toISOString(),
  };
}

/** A page of the history and its total: a search counts and pages in one pass (repo.searchHistory). */
export async function history(deps: AppDeps, q: CallHistoryQuery) {
  if (q.search) {
    const r = await repo.searchHistory(deps.db, q, q.limit, q.offset);
    return { items: r.items, total: r.total, total_exact: r.exact, limit: q.limit, offset: q.offset };
  }
  const count = await repo.countHistory(deps.db, q);
  const items = await repo.historyPage(deps.db, q, q.limit, q.offset, count);
  return { items, total: count.total, total_exact: count.exact, limit: q.limit, offset: q.offset };
}

/** GET /calls?patient_id=: the patient's calls, a page at a time. */
export async function patientCalls(deps: AppDeps, q: PatientCallsQuery) {
  if (!(await findPatientById(deps.db, q.patient_id)))
    throw new AppError('NOT_FOUND', 'Paciente no encontrado');
  const page = await repo.patientPage(deps.db, q.patient_id, q.limit, q.offset);
  return { ...page, limit: q.limit, offset: q.offset };
}
