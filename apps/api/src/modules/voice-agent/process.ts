import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { CallEventPayload, CallPriority, CallStatus } from '@ips/shared/schemas/calls';
import type { Executor } from '../../db/client';
import { callLogs } from '../../db/schema/call-center';
import { calls } from '../../db/schema/calls';
import { voiceConsultations, voiceToolResults } from '../../db/schema/voice';
import { writeAudit } from '../../lib/audit';
import type { Actor, AppDeps } from '../../lib/context';
import * as callLogRepo from '../call-logs';
import { CALL_LOGS_CHANNEL } from '../call-logs';
import { matchPatient, CALLS_CHANNEL } from '../calls';
import * as callRepo from '../calls';
import { moveAudioToCall } from './inbox-repo';
import type { AudioEvent, InitiationFailureEvent, TranscriptionEvent, VoiceEvent } from './provider';

/** Who the voice agent's changes are attributed to (audit, call agent name). */
export const VOICE_AGENT_LABEL = 'Agente de voz IA';
export const UNKNOWN_CALLER = 'Paciente sin identificar';

/** The audit actor of the voice agent: no user; the request id names the agent and the conversation. */
export function voiceActor(conversationId?: string | null): Actor {
  return {
    userId: null,
    requestId: conversationId ? `${VOICE_AGENT_LABEL} · ${conversationId}`.slice(0, 200) : VOICE_AGENT_LABEL,
  };
}

const OUTCOME_TEXT: Record<TranscriptionEvent['outcome'], string> = {
  success: 'Resuelta por el agente de voz IA',
  failure: 'No resuelta por el agente de voz IA',
  unknown: 'Atendida por el agente de voz IA',
};

/** The patient's document among the agent's collected data (the ids the agent is configured with vary). */
export function collectedDocument(data: Record<string, unknown>): string | null {
  for (const [k, v] of Object.entries(data))
    if (/document|cedula|cédula|identificaci/i.test(k) && (typeof v === 'string' || typeof v === 'number')) {
      const d = String(v).replace(/[\s.]/g, '');
      if (/^[A-Za-z0-9-]{3,20}$/.test(d)) return d;
    }
  return null;
}

function collectedName(data: Record<string, unknown>): string | null {
  for (const [k, v] of Object.entries(data))
    if (/nombre|name/i.test(k) && typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  return null;
}

async function publishCall(tx: Executor, deps: AppDeps, type: string, c: callRepo.CallRow) {
  const payload: CallEventPayload = {
    id: c.id,
    status: c.status as CallStatus,
    priority: c.priority as CallPriority,
    agent_name: c.agentName,
  };
  await deps.events.publish(tx, CALLS_CHANNEL, type, payload);
}

/** One conversation at a time: its transcription and audio may be processed by two workers at once. */
async function lockConversation(tx: Executor, conversationId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voice:${conversationId}`}))`);
}

async function findCall(tx: Executor, conversationId: string) {
  const [row] = await tx.select().from(calls).where(eq(calls.conversationId, conversationId)).for('update');
  return row ?? null;
}

/** A call known only by its audio so far: ended now, completed when the transcription arrives. */
async function placeholderCall(tx: Executor, deps: AppDeps, conversationId: string) {
  const now = new Date();
  const row = await callRepo.insert(tx, {
    patientName: UNKNOWN_CALLER,
    agentName: VOICE_AGENT_LABEL,
    status: 'ended',
    startedAt: now,
    answeredAt: now,
    endedAt: now,
    conversationId,
  });
  await writeAudit(tx, voiceActor(conversationId), {
    table: 'calls',
    recordId: row.id,
    action: 'create',
    newValues: callRepo.auditView(row),
  });
  await publishCall(tx, deps, 'ended', row);
  return row;
}

async function processTranscription(tx: Executor, deps: AppDeps, ev: TranscriptionEvent) {
  const actor = voiceActor(ev.conversationId);
  const [seen] = await tx
    .select({ id: voiceConsultations.id })
    .from(voiceConsultations)
    .where(eq(voiceConsultations.conversationId, ev.conversationId));
  if (seen) return;
  const document = collectedDocument(ev.dataCollected);
  const patient = await matchPatient(tx, { document, phone: ev.externalNumber });
  const startedAt = new Date(ev.startedAt);
  const endedAt = new Date(startedAt.getTime() + ev.durationSecs * 1000);
  const webhookData = {
    agent_id: ev.agentId,
    direction: ev.direction,
    external_number: ev.externalNumber,
    start_time: ev.startedAt,
    call_duration_secs: ev.durationSecs,
    termination_reason: ev.terminationReason,
  };
  const webhookDataEnd = {
    summary: ev.summary,
    outcome: ev.outcome,
    data_collected: ev.dataCollected,
    analysis: ev.analysis,
  };
  const before = await findCall(tx, ev.conversationId);
  let call: callRepo.CallRow;
  if (!before) {
    call = await callRepo.insert(tx, {
      patientId: patient?.id ?? null,
      patientName: patient?.name ?? collectedName(ev.dataCollected) ?? UNKNOWN_CALLER,
      patientPhone: ev.externalNumber,
      patientDocument: document ?? patient?.document ?? null,
      agentName: VOICE_AGENT_LABEL,
      direction: ev.direction,
      status: 'ended',
      startedAt,
      answeredAt: startedAt,
      endedAt,
      outcome: OUTCOME_TEXT[ev.outcome],
      conversationId: ev.conversationId,
      webhookData,
      webhookDataEnd,
      transcript: ev.transcript,
    });
    await writeAudit(tx, actor, {
      table: 'calls',
      recordId: call.id,
      action: 'create',
      newValues: callRepo.auditView(call),
    });
    await publishCall(tx, deps, 'ended', call);
  } else {
    // A call only the voice agent handled (or known so far by its audio) takes the conversation's real times;
    // one handed over to a person keeps its own status and times: the agent who took it ends it.
    const aiOnly =
      before.status === 'ended' && before.agentName === VOICE_AGENT_LABEL && before.createdBy === null;
    const values: Partial<callRepo.NewCall> = {
      transcript: ev.transcript,
      webhookData: before.webhookData ?? webhookData,
      webhookDataEnd,
      patientId: before.patientId ?? patient?.id ?? null,
      patientPhone: before.patientPhone ?? ev.externalNumber,
      patientDocument: before.patientDocument ?? document ?? patient?.document ?? null,
      updatedAt: new Date(),
    };
    if (aiOnly)
      Object.assign(values, {
        startedAt,
        answeredAt: startedAt,
        endedAt,
        direction: ev.direction,
        outcome: OUTCOME_TEXT[ev.outcome],
        patientName:
          before.patientName === UNKNOWN_CALLER
            ? (patient?.name ?? collectedName(ev.dataCollected) ?? UNKNOWN_CALLER)
            : before.patientName,
      });
    [call] = (await tx.update(calls).set(values).where(eq(calls.id, before.id)).returning()) as [
      callRepo.CallRow,
    ];
    await writeAudit(tx, actor, {
      table: 'calls',
      recordId: call.id,
      action: 'update',
      oldValues: callRepo.auditView(before),
      newValues: callRepo.auditView(call),
    });
    await publishCall(tx, deps, call.status === 'ended' ? 'ended' : 'updated', call);
  }
  const callLogId = await completeCallLog(tx, deps, actor, ev, startedAt, endedAt);
  const tools = await tx
    .select()
    .from(voiceToolResults)
    .where(eq(voiceToolResults.conversationId, ev.conversationId));
  const [consultation] = await tx
    .insert(voiceConsultations)
    .values({
      conversationId: ev.conversationId,
      callId: call.id,
      patientId: call.patientId,
      agentId: ev.agentId,
      direction: ev.direction,
      callerNumber: ev.externalNumber,
      startedAt,
      durationSecs: ev.durationSecs,
      outcome: ev.outcome,
      terminationReason: ev.terminationReason,
      summary: ev.summary,
      transcript: ev.transcript,
      dataCollected: ev.dataCollected,
      analysis: ev.analysis,
      appointmentId: tools.find((t) => t.appointmentId)?.appointmentId ?? null,
      queueId: tools.find((t) => t.queueId)?.queueId ?? null,
      callLogId,
    })
    .returning();
  await writeAudit(tx, actor, {
    table: 'voice_consultations',
    recordId: consultation!.id,
    action: 'create',
    newValues: {
      conversation_id: ev.conversationId,
      call_id: call.id,
      patient_id: call.patientId,
      outcome: ev.outcome,
      duration_secs: ev.durationSecs,
      appointment_id: consultation!.appointmentId,
      queue_id: consultation!.queueId,
    },
  });
}

/** The automated call log of an outbound conversation, completed with its times. */
async function completeCallLog(
  tx: Executor,
  deps: AppDeps,
  actor: Actor,
  ev: TranscriptionEvent,
  startedAt: Date,
  endedAt: Date,
): Promise<number | null> {
  const logId = Number(ev.dynamicVariables.call_log_id);
  const [log] = await tx
    .select()
    .from(callLogs)
    .where(
      or(
        eq(callLogs.conversationId, ev.conversationId),
        Number.isSafeInteger(logId) && logId > 0 ? eq(callLogs.id, logId) : sql`false`,
      ),
    )
    .limit(1)
    .for('update');
  if (!log) return null;
  if (log.status === 'pending' || log.status === 'in_progress') {
    const after = await callLogRepo.update(tx, log.id, {
      status: 'completed',
      conversationId: log.conversationId ?? ev.conversationId,
      startedAt,
      endedAt,
      outcome: (ev.summary ?? OUTCOME_TEXT[ev.outcome]).slice(0, 500),
    });
    await writeAudit(tx, actor, {
      table: 'call_logs',
      recordId: log.id,
      action: 'update',
      oldValues: callLogRepo.auditView(log),
      newValues: callLogRepo.auditView(after),
    });
    await deps.events.publish(tx, CALL_LOGS_CHANNEL, 'call_log.updated', {
      id: log.id,
      patient_id: log.patientId,
      status: after.status,
    });
  }
  return log.id;
}

async function processAudio(tx: Executor, deps: AppDeps, ev: AudioEvent, inboxId: number) {
  const call =
    (await findCall(tx, ev.conversationId)) ?? (await placeholderCall(tx, deps, ev.conversationId));
  const stored = await moveAudioToCall(tx, inboxId, call.id, ev.contentType);
  if (stored)
    await writeAudit(tx, voiceActor(ev.conversationId), {
      table: 'call_audio',
      recordId: call.id,
      action: 'create',
      newValues: { call_id: call.id, content_type: ev.contentType, size: stored.size, sha256: stored.sha256 },
    });
}

async function processInitiationFailure(tx: Executor, deps: AppDeps, ev: InitiationFailureEvent) {
  const match = [
    ev.conversationId ? eq(callLogs.conversationId, ev.conversationId) : undefined,
    ev.callLogId ? eq(callLogs.id, ev.callLogId) : undefined,
  ].filter((c) => c !== undefined);
  if (match.length === 0) return;
  const [log] = await tx
    .select()
    .from(callLogs)
    .where(and(or(...match), inArray(callLogs.status, ['pending', 'in_progress'])))
    .limit(1)
    .for('update');
  if (!log) return;
  const reason = `No se pudo iniciar la llamada: ${ev.reason}`.slice(0, 500);
  const after = await callLogRepo.update(tx, log.id, {
    status: 'failed',
    outcome: reason,
    lastError: reason,
    conversationId: log.conversationId ?? ev.conversationId,
    nextDispatchAt: null,
  });
  await writeAudit(tx, voiceActor(ev.conversationId), {
    table: 'call_logs',
    recordId: log.id,
    action: 'update',
    oldValues: callLogRepo.auditView(log),
    newValues: { ...callLogRepo.auditView(after), last_error: reason },
  });
  await deps.events.publish(tx, CALL_LOGS_CHANNEL, 'call_log.updated', {
    id: log.id,
    patient_id: log.patientId,
    status: after.status,
  });
}

/** Applies one stored event, inside the caller's transaction (which also marks it done). */
export async function applyEvent(tx: Executor, deps: AppDeps, ev: VoiceEvent, inboxId: number) {
  if (ev.conversationId) await lockConversation(tx, ev.conversationId);
  if (ev.kind === 'transcription') return processTranscription(tx, deps, ev);
  if (ev.kind === 'audio') return processAudio(tx, deps, ev, inboxId);
  return processInitiationFailure(tx, deps, ev);
}
