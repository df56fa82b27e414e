import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOutbox } from '../../db/schema/notifications';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export interface NewEmail {
  kind: 'alert' | 'notification' | 'patient_notice' | 'test';
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  createdBy?: number | null;
  lastError?: string | null;
}

export async function enqueue(db: Executor, rows: NewEmail[]) {
  if (rows.length === 0) return [];
  return db
    .insert(emailOutbox)
    .values(
      rows.map((r) => ({
        kind: r.kind,
        toAddress: r.to,
        subject: r.subject,
        textBody: r.text,
        htmlBody: r.html ?? null,
        createdBy: r.createdBy ?? null,
        lastError: r.lastError ?? null,
      })),
    )
    .returning({ id: emailOutbox.id, status: emailOutbox.status });
}

/**
 * Claims up to `n` due messages for this worker in one statement: rows another worker holds are skipped
 * (FOR UPDATE SKIP LOCKED), and each claimed row's next attempt moves `leaseSeconds` ahead, so no other worker
 * takes it while it is being sent, and a worker that dies mid-send leaves it to be retried after the lease.
 */
export async function claimDue(db: Executor, n: number, leaseSeconds: number) {
  const res = await db.execute<{
    id: number;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    attempts: number;
    max_attempts: number;
  }>(sql`
    update email_outbox o
       set attempts = o.attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where o.id in (select id from email_outbox
                     where status = 'pending' and next_attempt_at <= now()
                     order by next_attempt_at, id
                     limit ${n}
                     for update skip locked)
    returning o.id, o.to_address, o.subject, o.text_body, o.html_body, o.attempts, o.max_attempts`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Sent: the outbox row and the patient notice it carries (if any). */
export async function markSent(db: Executor, id: number) {
  await db.execute(sql`
    with o as (update email_outbox set status = 'sent', sent_at = now(), last_error = null
                where id = ${id} and status = 'pending' returning id)
    update agenda_patient_notices set status = 'enviada', detail = null
     where email_outbox_id in (select id from o)`);
}

/** A failed try: again after `retryInSeconds`, or failed for good (and its notice with it) when `final`. */
export async function markAttemptFailed(
  db: Executor,
  id: number,
  error: string,
  final: boolean,
  retryInSeconds: number,
) {
  const message = error.slice(0, 1000);
  if (!final) {
    await db.execute(sql`
      update email_outbox set last_error = ${message},
             next_attempt_at = now() + make_interval(secs => ${retryInSeconds})
       where id = ${id} and status = 'pending'`);
    return;
  }
  await db.execute(sql`
    with o as (update email_outbox set status = 'failed', last_error = ${message}
                where id = ${id} and status = 'pending' returning id)
    update agenda_patient_notices set status = 'fallida', detail = ${message}
     where email_outbox_id in (select id from o)`);
}

export async function page(db: Executor, f: { status?: string; limit: number; offset: number }) {
  const where = f.status ? eq(emailOutbox.status, f.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(emailOutbox).where(and(where)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findById(db: Executor, id: number) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}
