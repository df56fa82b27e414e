import { useEffect, useState } from 'react';
import { useAvailabilityDetail } from '@/features/appointments/api/get-availabilities';
import type { AgendaRef } from '@/features/appointments/components/agenda-info-card';
import { useOrgClock } from '@/features/appointments/hooks/use-org-clock';
import { useSuggestedTime } from '@/features/appointments/hooks/use-suggested-time';

export interface NextFreeTime {
  /** 'HH:mm'; null when nothing of that length fits any more; undefined while unknown (loading or failed). */
  time: string | null | undefined;
  pending: boolean;
}

/**
 * The time a booking without one gets in the agenda (spec §5 suggested time, the server's own rule): the first
 * step of the agenda's grid, after now when it is today, that the agenda's appointments and the server's
 * conflict check (doctor and, once picked, patient) leave free for the duration. Asked again when the
 * duration, the patient, the minute or the agenda's appointments change.
 */
export function useNextFreeTime(
  agenda: AgendaRef,
  durationMinutes: number,
  patientId: number | null,
): NextFreeTime {
  const { today, nowMinutes } = useOrgClock();
  const detail = useAvailabilityDetail(agenda.id);
  const { suggest } = useSuggestedTime();
  const [answer, setAnswer] = useState<{ key: string; time: string | null | undefined }>();
  const appointments = detail.data?.appointments;
  const key = [durationMinutes, patientId, today, nowMinutes, detail.dataUpdatedAt].join('|');

  useEffect(() => {
    if (!appointments || !(durationMinutes > 0)) return;
    let current = true;
    suggest({ agenda, appointments, durationMinutes, patientId, today, nowMinutes }).then(
      (time) => current && setAnswer({ key, time }),
      () => current && setAnswer({ key, time: undefined }),
    );
    return () => {
      current = false;
    };
    // `key` names every input that changes the answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, appointments !== undefined]);

  if (detail.isError || !(durationMinutes > 0)) return { time: undefined, pending: false };
  return answer?.key === key ? { time: answer.time, pending: false } : { time: undefined, pending: true };
}
