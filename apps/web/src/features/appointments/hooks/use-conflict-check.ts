import { useQuery } from '@tanstack/react-query';
import { appointmentKeys } from '@/features/appointments/api/appointment-keys';
import { checkConflicts, type ConflictQuery } from '@/features/appointments/api/get-conflicts';
import { useDebouncedValue } from '@/features/appointments/hooks/use-debounced-value';

/** The live conflict check behind the banner: asked 300 ms after the time, duration or patient last changed. */
export function useConflictCheck(query: ConflictQuery | null) {
  const debounced = useDebouncedValue(query, 300);
  return useQuery({
    queryKey: appointmentKeys.conflicts(debounced ?? {}),
    queryFn: ({ signal }) => checkConflicts(debounced!, signal),
    enabled: debounced !== null,
    staleTime: 5_000,
  });
}
