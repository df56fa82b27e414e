import { useQueryClient } from '@tanstack/react-query';

/**
 * Agendas, appointments, the waiting queue and the patients' appointment tabs are one body of data seen by
 * several features: a booking moves an agenda's slots, an agenda cancellation cancels appointments, an
 * assignment from the queue books one. Every change to any of them refreshes all of these roots, so no screen
 * keeps showing the old occupancy until its next poll.
 */
const SCHEDULING_ROOTS: readonly (readonly string[])[] = [
  ['agendas'],
  ['availabilities'],
  ['appointments'],
  ['queue'],
  ['patients'],
  ['locations', 'metrics'],
];

export function useInvalidateScheduling() {
  const qc = useQueryClient();
  return () => Promise.all(SCHEDULING_ROOTS.map((queryKey) => qc.invalidateQueries({ queryKey })));
}
