import { and, eq, sql } from 'drizzle-orm';
import { callLogs } from '../../db/schema/call-center';
import { patients } from '../../db/schema/patients';
import { writeAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import * as callLogRepo from '../call-logs';
import { CALL_LOGS_CHANNEL } from '../call-logs';
import { datesBetween } from '../holidays';
import { orgToday } from '../../lib/org-time';
import { offlineReason } from './ai-window';
import { voiceActor } from './process';
import { ProviderError, type VoiceProvider } from './provider';

/** One dispatcher per cluster: the transaction that claims work holds this advisory lock. */
const DISPATCH_LOCK = 0x766f6963; // 'voic'

export interface DispatcherOptions {
  pollMs?: number;
  /** Calls placed per minute across the cluster. */
  perMinute?: number;
  maxAttempts?: number;
  retryBaseSeconds?: number;
  /** How long a claimed call log is held while its call is placed. */
  leaseSeconds?: number;
}

/** '+57' and the national digits of a Colombian number (already +57…, or 10 national digits). */
export function e164(phone: string | null): string | null {
  const d = (phone ?? '').replace(/\D/g, '');
  if (d.length === 12 && d.startsWith('57')) return `+${d}`;
  if (d.length === 10 || d.length === 7) return `+57${d}`;
  return null;
}

/**
 * Dispatches the pending automated (`ai_voice`) call logs through the provider's outbound-call API
 * (decision 038): only inside the AI settings' windows, at most `perMinute` calls a minute, each attempt's
 * result on the call log (conversation id and in_progress, or the error and the next try with backoff, failed
 * after the last attempt or at once when the provider refuses the request itself).
 */
export class OutboundDispatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly o: Required<DispatcherOptions>;

  constructor(
    private readonly deps: AppDeps,
    private readonly provider: VoiceProvider,
    private readonly onError: (err: unknown) => void,
    opts: DispatcherOptions = {},
  ) {
    this.o = {
      pollMs: opts.pollMs ?? 15_000,
      perMinute: opts.perMinute ?? 10,
      maxAttempts: opts.maxAttempts ?? 3,
      retryBaseSeconds: opts.retryBaseSeconds ?? 60,
      leaseSeconds: opts.leaseSeconds ?? 300,
    };
  }

  start() {
    if (this.o.pollMs <= 0 || !this.provider.outboundConfigured) return;
    this.timer = setInterval(() => void this.runOnce().catch(this.onError), this.o.pollMs);
    this.timer.unref();
  }

  /** One pass; returns how many calls were attempted. A pass in progress is joined, not doubled. */
  runOnce(now = new Date()): Promise<number> {
    if (this.stopped || !this.provider.outboundConfigured) return Promise.resolve(0);
    this.running ??= this.pass(now).finally(() => (this.running = null));
    return this.running;
  }

  private async available(now: Date) {
    const today = orgToday(this.deps, now);
    const holidays = await datesBetween(this.deps.db, today, today);
    const reason = offlineReason({
      get: (k) => this.deps.settings.get(k),
      now,
      tz: this.deps.config.orgTimezone,
      isHoliday: (d) => holidays.has(d),
    });
    return reason === null;
  }

  private async claim() {
    const { perMinute, leaseSeconds } = this.o;
    return this.deps.db.transaction(async (tx) => {
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${DISPATCH_LOCK}) as ok`);
      if (!(lock.rows[0] as { ok: boolean }).ok) return [];
      const recent = await tx.execute(sql`
        select count(*)::int as n from call_logs
        where channel = 'ai_voice' and direction = 'outbound' and started_at > now() - interval '1 minute'`);
      const room = perMinute - (recent.rows[0] as { n: number }).n;
      if (room <= 0) return [];
      const res = await tx.execute(sql`
        update call_logs set dispatch_attempts = dispatch_attempts + 1,
          next_dispatch_at = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
        where id in (
          select id from call_logs
          where status = 'pending' and channel = 'ai_voice' and direction = 'outbound'
            and (next_dispatch_at is null or next_dispatch_at <= now())
          order by created_at, id limit ${room}
          for update skip locked)
        returning id`);
      return (res.rows as { id: number }[]).map((r) => Number(r.id));
    });
  }

  private async pass(now: Date): Promise<number> {
    if (!(await this.available(now))) return 0;
    const ids = await this.claim();
    for (const id of ids) {
      if (this.stopped) break;
      await this.dispatch(id);
    }
    return ids.length;
  }

  private async dispatch(id: number) {
    const [row] = await this.deps.db
      .select({ log: callLogs, name: patients.name, phone: patients.phone })
      .from(callLogs)
      .innerJoin(patients, eq(patients.id, callLogs.patientId))
      .where(eq(callLogs.id, id));
    if (!row) return;
    const to = e164(row.phone);
    let outcome: { ok: true; conversationId: string | null } | { ok: false; error: string; final: boolean };
    if (!to) outcome = { ok: false, error: 'El paciente no tiene un teléfono válido', final: true };
    else
      try {
        const r = await this.provider.startOutboundCall({
          toNumber: to,
          callLogId: id,
          dynamicVariables: { patient_name: row.name, explanation: row.log.explanation ?? '' },
        });
        outcome = { ok: true, conversationId: r.conversationId };
      } catch (err) {
        const permanent = err instanceof ProviderError && err.permanent;
        outcome = {
          ok: false,
          error: err instanceof Error ? err.message : String(err),
          final: permanent || row.log.dispatchAttempts >= this.o.maxAttempts,
        };
      }
    await this.record(row.log, outcome);
  }

  private async record(
    before: typeof callLogs.$inferSelect,
    outcome: { ok: true; conversationId: string | null } | { ok: false; error: string; final: boolean },
  ) {
    const attempt = before.dispatchAttempts;
    await this.deps.db.transaction(async (tx) => {
      const values = outcome.ok
        ? {
            status: 'in_progress',
            conversationId: outcome.conversationId,
            startedAt: new Date(),
            nextDispatchAt: null,
            lastError: null,
          }
        : outcome.final
          ? {
              status: 'failed',
              outcome: outcome.error.slice(0, 500),
              lastError: outcome.error,
              nextDispatchAt: null,
            }
          : {
              lastError: outcome.error,
              nextDispatchAt: sql`now() + make_interval(secs => ${Math.min(3600, this.o.retryBaseSeconds * 2 ** (attempt - 1))})`,
            };
      const [after] = await tx
        .update(callLogs)
        .set({ ...values, updatedAt: sql`now()` } as unknown as Partial<typeof callLogs.$inferInsert>)
        .where(and(eq(callLogs.id, before.id), eq(callLogs.status, 'pending')))
        .returning();
      if (!after) return;
      await writeAudit(tx, voiceActor(outcome.ok ? outcome.conversationId : null), {
        table: 'call_logs',
        recordId: before.id,
        action: 'dispatch',
        oldValues: callLogRepo.auditView(before),
        newValues: {
          ...callLogRepo.auditView(after),
          attempt,
          conversation_id: after.conversationId,
          last_error: after.lastError,
        },
      });
      await this.deps.events.publish(tx, CALL_LOGS_CHANNEL, 'call_log.updated', {
        id: after.id,
        patient_id: after.patientId,
        status: after.status,
      });
    });
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }
}
