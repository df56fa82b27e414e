import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { voiceWebhookAudioChunks, voiceWebhookInbox } from '../../db/schema/voice';
import type { ParsedWebhook, VoiceEvent } from './provider';

/**
 * Stores a verified event; null when an event with the same key was stored before (a replay). A recording that
 * comes as a stream is written a piece at a time and joined by PostgreSQL in the same transaction.
 */
export async function insertEvent(db: Executor, w: ParsedWebhook): Promise<number | null> {
  const stream = w.audioStream;
  if (stream)
    return db.transaction(async (tx) => {
      const id = await insertRow(tx, w);
      if (id === null) return null;
      let seq = 0;
      for await (const piece of stream())
        await tx.insert(voiceWebhookAudioChunks).values({ inboxId: id, seq: seq++, data: piece });
      await tx.execute(sql`
        update voice_webhook_inbox set audio = (select string_agg(data, ''::bytea order by seq)
          from voice_webhook_audio_chunks where inbox_id = ${id}) where id = ${id}`);
      await tx.delete(voiceWebhookAudioChunks).where(eq(voiceWebhookAudioChunks.inboxId, id));
      return id;
    });
  return insertRow(db, w);
}

async function insertRow(db: Executor, w: ParsedWebhook): Promise<number | null> {
  const rows = await db
    .insert(voiceWebhookInbox)
    .values({
      eventKey: w.eventKey,
      eventType: w.eventType,
      conversationId: w.event.conversationId,
      payload: w.event,
      audio: w.audio,
    })
    .onConflictDoNothing({ target: voiceWebhookInbox.eventKey })
    .returning({ id: voiceWebhookInbox.id });
  return rows[0]?.id ?? null;
}

export interface ClaimedEvent {
  id: number;
  event_type: string;
  payload: VoiceEvent;
  attempts: number;
}

/** Claims due events (FOR UPDATE SKIP LOCKED) for `leaseSecs`; each claim counts as an attempt. */
export async function claimDue(db: Executor, batch: number, leaseSecs: number): Promise<ClaimedEvent[]> {
  const res = await db.execute(sql`
    update voice_webhook_inbox set attempts = attempts + 1,
      locked_until = now() + make_interval(secs => ${leaseSecs})
    where id in (
      select id from voice_webhook_inbox
      where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
      order by next_attempt_at, id
      limit ${batch}
      for update skip locked)
    returning id, event_type, payload, attempts`);
  return (res.rows as unknown as ClaimedEvent[]).map((r) => ({ ...r, id: Number(r.id) }));
}

export async function markDone(tx: Executor, id: number) {
  await tx
    .update(voiceWebhookInbox)
    .set({ status: 'done', processedAt: sql`now()`, lockedUntil: null, audio: null, lastError: null })
    .where(eq(voiceWebhookInbox.id, id));
}

export async function markAttemptFailed(
  db: Executor,
  id: number,
  error: string,
  final: boolean,
  retryInSecs: number,
) {
  await db
    .update(voiceWebhookInbox)
    .set({
      status: final ? 'failed' : 'pending',
      lastError: error.slice(0, 1000),
      lockedUntil: null,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSecs})`,
    })
    .where(and(eq(voiceWebhookInbox.id, id), eq(voiceWebhookInbox.status, 'pending')));
}

/** Moves a stored audio event's recording into call_audio by SQL (the bytes never pass through the app). */
export async function moveAudioToCall(tx: Executor, inboxId: number, callId: number, contentType: string) {
  const res = await tx.execute(sql`
    insert into call_audio (call_id, content_type, size, sha256, data)
    select ${callId}, ${contentType}, octet_length(audio), encode(sha256(audio), 'hex'), audio
    from voice_webhook_inbox where id = ${inboxId} and audio is not null
    on conflict (call_id) do nothing
    returning size, sha256`);
  return (res.rows[0] as { size: number; sha256: string } | undefined) ?? null;
}

export async function lastReceivedAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: voiceWebhookInbox.receivedAt })
    .from(voiceWebhookInbox)
    .orderBy(desc(voiceWebhookInbox.receivedAt))
    .limit(1);
  return row?.at ?? null;
}

export async function recentFailures(db: Executor, n: number) {
  return db
    .select({
      id: voiceWebhookInbox.id,
      event_type: voiceWebhookInbox.eventType,
      conversation_id: voiceWebhookInbox.conversationId,
      error: voiceWebhookInbox.lastError,
      at: voiceWebhookInbox.receivedAt,
    })
    .from(voiceWebhookInbox)
    .where(eq(voiceWebhookInbox.status, 'failed'))
    .orderBy(desc(voiceWebhookInbox.receivedAt))
    .limit(n);
}
