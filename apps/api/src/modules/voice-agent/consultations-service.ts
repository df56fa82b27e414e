import { AppError } from '@ips/shared/errors';
import { localDateTime } from '@ips/shared/format';
import {
  CONSULTATION_MESSAGES as M,
  type ConsultationDetail,
  type ConsultationListQuery,
} from '@ips/shared/schemas/consultations';
import type { AppDeps } from '../../lib/context';
import * as repo from './consultations-repo';
import type { TranscriptTurn } from './provider';

/** The cursor is opaque to clients: base64url of "<started_at ISO>|<id>" of the last row sent. */
function encodeCursor(at: Date, id: number) {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: number } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  const n = Number(id);
  if (Number.isNaN(at.getTime()) || !Number.isSafeInteger(n) || n <= 0)
    throw new AppError('VALIDATION', M.badCursor, { cursor: [M.badCursor] });
  return { at, id: n };
}

export async function listConsultations(deps: AppDeps, q: ConsultationListQuery) {
  const p = await repo.page(deps.db, q.page_size, q.cursor ? decodeCursor(q.cursor) : null);
  return {
    data: p.items,
    page_size: q.page_size,
    next_cursor: p.more && p.last ? encodeCursor(p.last.startedAt, p.last.id) : null,
  };
}

/** By our id, or by the provider's conversation id. */
export async function getConsultation(deps: AppDeps, key: string): Promise<ConsultationDetail> {
  const found = await repo.findOne(
    deps.db,
    /^\d{1,9}$/.test(key) ? { id: Number(key) } : { conversationId: key },
  );
  if (!found) throw new AppError('NOT_FOUND', M.notFound);
  const { item, c, hasAudio, appointment, queue } = found;
  return {
    ...item,
    termination_reason: c.terminationReason,
    transcript: (c.transcript as TranscriptTurn[]) ?? [],
    data_collected: (c.dataCollected as Record<string, unknown>) ?? {},
    audio_url: hasAudio && c.callId ? `/api/calls/${c.callId}/audio` : null,
    appointment: appointment
      ? {
          id: appointment.id,
          scheduled_at: localDateTime(appointment.scheduledAt, deps.config.orgTimezone),
          status: appointment.status,
          doctor_name: appointment.doctorName,
          specialty_name: appointment.specialtyName,
        }
      : null,
    queue_entry: queue
      ? {
          id: queue.id,
          status: queue.status,
          specialty_name: queue.specialtyName,
          priority_level: queue.priorityLevel,
        }
      : null,
  };
}
