import { and, eq, sql } from 'drizzle-orm';
import { voiceToolResults } from '../../db/schema/voice';
import { writeAudit } from '../../lib/audit';
import type { AppDeps } from '../../lib/context';
import { publishQueueEvent } from '../queue';
import * as qrepo from '../queue';
import { linkProduced } from './consultations-repo';
import { voiceActor } from './process';
import { requirePatient, specialtyByName, type ToolAnswer } from './tools-service';

/**
 * The waiting-list tool: the patient joins the specialty's waiting queue (the queue's own enqueue, which keeps
 * one active entry per patient and specialty), once per conversation.
 */
export async function enqueueForVoice(
  deps: AppDeps,
  b: { conversation_id: string; document: string; specialty: string; reason?: string },
): Promise<ToolAnswer> {
  const actor = voiceActor(b.conversation_id);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`voice-wait:${b.conversation_id}`}))`);
    const [seen] = await tx
      .select()
      .from(voiceToolResults)
      .where(
        and(
          eq(voiceToolResults.conversationId, b.conversation_id),
          eq(voiceToolResults.tool, 'waiting_list'),
        ),
      );
    if (seen)
      return {
        message: 'Ya quedó en la lista de espera; le llamaremos.',
        data: { queue_id: seen.queueId, created: false },
      };
    const p = await requirePatient(tx, b.document);
    const s = await specialtyByName(tx, b.specialty);
    const { entry, created } = await qrepo.enqueue(tx, {
      patientId: p.id,
      specialtyId: s.id,
      priorityLevel: 'Normal',
      callType: 'normal',
      source: 'call_center',
      reason: b.reason ?? 'Solicitada al agente de voz IA',
      createdBy: null,
    });
    if (created) {
      await writeAudit(tx, actor, {
        table: 'queue_entries',
        recordId: entry.id,
        action: 'enqueue',
        newValues: qrepo.auditView(entry),
      });
      await publishQueueEvent(tx, deps, 'enqueue', entry);
    }
    await tx
      .insert(voiceToolResults)
      .values({ conversationId: b.conversation_id, tool: 'waiting_list', queueId: entry.id });
    await linkProduced(tx, b.conversation_id, { queueId: entry.id });
    return {
      message: created
        ? `Quedó en la lista de espera de ${s.name}; le llamaremos cuando haya un cupo.`
        : `Ya estaba en la lista de espera de ${s.name}; le llamaremos cuando haya un cupo.`,
      data: { queue_id: entry.id, created },
    };
  });
}
