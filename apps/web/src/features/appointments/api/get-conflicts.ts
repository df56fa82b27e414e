import type { ConflictsDto, ConflictsResponse } from '@ips/shared/schemas/appointment-booking';
import { api } from '@/lib/api-client';

export type ConflictResult = ConflictsDto;

export interface ConflictQuery {
  doctor_id?: number;
  patient_id?: number;
  room_id?: number;
  scheduled_at: string;
  duration_minutes: number;
  exclude_id?: number;
}

const NONE: ConflictResult = {
  conflict: false,
  doctor_conflict: false,
  patient_conflict: false,
  room_conflict: false,
  items: [],
};

/**
 * GET /appointments/conflicts. Spec §7: a failure of this check is ignored and the flow continues (the database
 * still refuses an overlap at booking time), so an error reads as "no conflict".
 */
export async function checkConflicts(query: ConflictQuery, signal?: AbortSignal): Promise<ConflictResult> {
  try {
    const r = await api.get<ConflictsResponse>('/appointments/conflicts', { signal, query: { ...query } });
    return r.data;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return NONE;
  }
}
