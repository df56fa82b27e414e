import { useQuery } from '@tanstack/react-query';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { appointmentKeys } from '@/features/appointments/api/appointment-keys';

export type PatientOption = Pick<
  PatientDto,
  'id' | 'name' | 'document' | 'document_type' | 'phone' | 'email' | 'eps_name' | 'age' | 'status'
>;

/** Spec §9: the search starts at 2 characters; the manual appointment shows at most 20 results. */
export const PATIENT_SEARCH_MIN = 2;
export const PATIENT_SEARCH_MAX = 20;

/** GET /patients/search/quicksearch?query=: name, document, phone or e-mail. A failure yields an empty list (§8). */
export async function searchPatients(text: string, signal?: AbortSignal): Promise<PatientOption[]> {
  try {
    const r = await api.get<ApiEnvelope<PatientDto[]>>('/patients/search/quicksearch', {
      signal,
      query: { query: text, limit: PATIENT_SEARCH_MAX },
    });
    return r.data;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return [];
  }
}

export function usePatientSearch(text: string) {
  const q = text.trim();
  return useQuery({
    queryKey: appointmentKeys.patientSearch(q),
    queryFn: ({ signal }) => searchPatients(q, signal),
    enabled: q.length >= PATIENT_SEARCH_MIN,
    staleTime: 15_000,
  });
}

export interface NewPatientBody {
  document: string;
  name: string;
  phone: string;
}

/** POST /patients with the quick registration fields: the new patient of a manual or smart appointment. */
export function createPatient(body: NewPatientBody): Promise<PatientDto> {
  return api.post<ApiEnvelope<PatientDto>>('/patients', body).then((r) => r.data);
}
