import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  BLOOD_GROUPS,
  DISABILITY_TYPES,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  POPULATION_GROUPS,
  type Lookup,
} from '@ips/shared/catalogs/lookups';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-toast';

export interface Zone {
  id: number;
  name: string;
  description?: string | null;
}
export interface Municipality {
  id: number;
  name: string;
  department?: string | null;
  zone_id: number | null;
}
export interface Eps {
  id: number;
  name: string;
  code?: string | null;
  /** The EPS's regime: 'Contributivo', 'Subsidiado' or 'Ambos'. */
  affiliation_type?: string | null;
}

/** Spec §7 "Lookups": municipalities, zones and EPS are cached 5 minutes. */
const LOOKUP_CACHE_MS = 5 * 60_000;

/** A lookup answers `{ data: [...] }` or the bare list. */
function readList<T>(body: ApiEnvelope<T[]> | T[]): T[] {
  return Array.isArray(body) ? body : (body?.data ?? []);
}
const fetchList = <T>(path: string, signal?: AbortSignal, query?: Record<string, number>) =>
  api.get<ApiEnvelope<T[]> | T[]>(path, { signal, query }).then(readList);

/** Shows the spec's toast once per failure (not on every render). */
function useFailureToast(error: unknown, title: string) {
  useEffect(() => {
    if (error) toast.error(title, { description: errorMessage(error) });
  }, [error, title]);
}

export const zonesQuery = queryOptions({
  queryKey: ['lookups', 'zones'],
  queryFn: ({ signal }) => fetchList<Zone>('/lookups/zones', signal),
  staleTime: LOOKUP_CACHE_MS,
});
export function useZones() {
  const q = useQuery(zonesQuery);
  useFailureToast(q.error, 'Error al cargar zonas');
  return q;
}

export const municipalitiesQuery = (zoneId: number) =>
  queryOptions({
    queryKey: ['lookups', 'municipalities', zoneId],
    queryFn: ({ signal }) => fetchList<Municipality>('/lookups/municipalities', signal, { zone_id: zoneId }),
    staleTime: LOOKUP_CACHE_MS,
  });
/** Municipalities of one zone; nothing is asked until a zone is chosen. */
export function useMunicipalities(zoneId: number | null) {
  const q = useQuery({ ...municipalitiesQuery(zoneId ?? 0), enabled: zoneId !== null });
  useFailureToast(q.error, 'Error al cargar municipios');
  return q;
}

export const epsQuery = queryOptions({
  queryKey: ['lookups', 'eps'],
  queryFn: ({ signal }) => fetchList<Eps>('/lookups/eps', signal),
  staleTime: LOOKUP_CACHE_MS,
});
export function useEpsList() {
  const q = useQuery(epsQuery);
  useFailureToast(q.error, 'Error al cargar EPS');
  return q;
}

/** The fixed catalogs of spec §3: the server's list, with the contract's ids on screen while it loads. */
const FIXED = {
  'document-types': DOCUMENT_TYPES,
  'blood-groups': BLOOD_GROUPS,
  'disability-types': DISABILITY_TYPES,
  'education-levels': EDUCATION_LEVELS,
  'marital-statuses': MARITAL_STATUSES,
  'population-groups': POPULATION_GROUPS,
} as const;
export type FixedLookup = keyof typeof FIXED;

export function useFixedLookup(kind: FixedLookup): readonly Lookup[] {
  const q = useQuery({
    queryKey: ['lookups', kind],
    queryFn: ({ signal }) => fetchList<Lookup>(`/lookups/${kind}`, signal),
    staleTime: Infinity,
    retry: false,
  });
  return q.data && q.data.length > 0 ? q.data : FIXED[kind];
}
