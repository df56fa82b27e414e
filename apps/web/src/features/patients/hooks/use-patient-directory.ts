import { useEffect, useState } from 'react';
import { PATIENT_PAGE_SIZE } from '@ips/shared/schemas/patients-query';
import type { PatientStatus } from '@ips/shared/schemas/patients';
import { usePatients, type PatientGenderFilter } from '@/features/patients/api/get-patients';
import { useDebouncedValue } from '@/features/patients/hooks/use-debounced-value';

interface Paging {
  key: string;
  page: number;
  anchor?: { token: string; page: number };
}

/**
 * State of the directory: search (debounced 300 ms), gender, tab and page. The page goes back to 1 whenever a
 * filter or the tab changes, without an extra render through an effect.
 */
export function usePatientDirectory() {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const [gender, setGender] = useState<PatientGenderFilter>('Todos');
  const [status, setStatus] = useState<PatientStatus>('Activo');
  const filterKey = `${debouncedSearch}|${gender}|${status}`;
  const [paging, setPaging] = useState<Paging>({ key: filterKey, page: 1 });
  const current = paging.key === filterKey ? paging : { key: filterKey, page: 1 };
  const page = current.page;

  const query = usePatients({
    page,
    limit: PATIENT_PAGE_SIZE,
    search: debouncedSearch || undefined,
    gender,
    status,
    anchor: current.anchor,
  });
  // The page on screen anchors the next request, so a page deep in a large directory costs no more than page 2.
  const shown = query.isPlaceholderData ? undefined : query.data?.pagination.anchor;
  const setPage = (next: number) =>
    setPaging({
      key: filterKey,
      page: next,
      anchor: shown ? { token: shown, page } : current.anchor,
    });

  // After a deletion the last page may have gone away: step back to the new last page.
  const totalPages = query.data?.pagination.total_pages ?? 0;
  useEffect(() => {
    if (!query.isPlaceholderData && totalPages > 0 && page > totalPages) {
      setPaging({ key: filterKey, page: totalPages });
    }
  }, [filterKey, page, totalPages, query.isPlaceholderData]);

  const filtered = debouncedSearch !== '' || gender !== 'Todos';

  return {
    search,
    setSearch,
    debouncedSearch,
    gender,
    setGender,
    status,
    setStatus,
    page,
    setPage,
    query,
    filtered,
    clear: () => {
      setSearch('');
      setGender('Todos');
      setPaging({ key: `||${status}`, page: 1 });
    },
  };
}

export type PatientDirectory = ReturnType<typeof usePatientDirectory>;
