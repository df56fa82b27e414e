import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { agendaKeys } from '@/features/agendas/api/agenda-keys';
import type { Agenda } from '@/features/agendas/api/agendas';

export interface ExpiredAnswer extends ApiEnvelope<Agenda[]> {
  settings: { auto_cancel_without_confirmation: boolean; auto_cancel_also_appointments_default: boolean };
}

const SKIPPED_KEY = 'ips.agendas.auto-cancel-skipped';

function readSkipped(): number[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(SKIPPED_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Expired agendas of a past day (neither Cancelada nor Completa) minus those the user chose to skip in this
 * browser session ('Omitir' is remembered for the session, spec §4). `date` null: nothing to check.
 */
export function useExpiredAgendas(date: string | null) {
  const [skipped, setSkipped] = useState<number[]>(readSkipped);
  const query = useQuery({
    queryKey: agendaKeys.expired(date ?? ''),
    queryFn: ({ signal }) =>
      api.get<ExpiredAnswer>('/availabilities/expired', { signal, query: { date: date ?? undefined } }),
    enabled: date !== null,
    staleTime: 60_000,
  });
  const pending = (date === null ? [] : (query.data?.data ?? [])).filter((a) => !skipped.includes(a.id));
  const skip = (ids: number[]) => {
    const next = [...new Set([...skipped, ...ids])];
    sessionStorage.setItem(SKIPPED_KEY, JSON.stringify(next));
    setSkipped(next);
  };
  return { pending, settings: query.data?.settings, skip };
}
