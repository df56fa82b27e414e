import { useState } from 'react';
import { checkConflicts } from '@/features/appointments/api/get-conflicts';
import type { AgendaRef } from '@/features/appointments/components/agenda-info-card';
import { suggestFreeTime, type BookedRange } from '@/features/appointments/utils/next-free-time';
import { toScheduledAt } from '@/features/appointments/utils/scheduled-at';

/** Candidates the server may refuse before we give up asking (each refusal is one more skipped time). */
const MAX_TRIES = 12;

/**
 * Spec §5: the next free time of the agenda for the duration, skipping the day's non-cancelled appointments and
 * every time the server reports as a conflict (doctor, patient or room; e.g. the patient is booked elsewhere).
 */
export function useSuggestedTime() {
  const [pending, setPending] = useState(false);
  const suggest = async (args: {
    agenda: AgendaRef;
    appointments: readonly BookedRange[];
    durationMinutes: number;
    patientId: number | null;
    today: string;
    nowMinutes: number;
  }): Promise<string | null> => {
    setPending(true);
    try {
      const conflictTimes: string[] = [];
      for (let i = 0; i < MAX_TRIES; i++) {
        const t = suggestFreeTime({
          date: args.agenda.date,
          startTime: args.agenda.start_time,
          endTime: args.agenda.end_time,
          durationMinutes: args.durationMinutes,
          appointments: args.appointments,
          today: args.today,
          nowMinutes: args.nowMinutes,
          conflictTimes,
        });
        if (!t) return null;
        const c = await checkConflicts({
          doctor_id: args.agenda.doctor_id,
          patient_id: args.patientId ?? undefined,
          scheduled_at: toScheduledAt(args.agenda.date, t),
          duration_minutes: args.durationMinutes,
        });
        if (!c.conflict) return t;
        conflictTimes.push(t);
      }
      return null;
    } finally {
      setPending(false);
    }
  };
  return { suggest, pending };
}
