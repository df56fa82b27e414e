import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';

/** Spec part 1 §3 "Patient appointment (in the detail view)". */
export interface PatientAppointment {
  id: number;
  scheduled_at: string;
  start_time?: string | null;
  created_at?: string | null;
  status: string;
  specialty_name?: string | null;
  doctor_name?: string | null;
  location_name?: string | null;
  reason?: string | null;
}

function readList(body: unknown): PatientAppointment[] {
  if (Array.isArray(body)) return body as PatientAppointment[];
  const b = body as { data?: unknown; appointments?: unknown } | undefined;
  if (Array.isArray(b?.data)) return b.data as PatientAppointment[];
  const nested = (b?.data as { appointments?: unknown } | undefined)?.appointments ?? b?.appointments;
  return Array.isArray(nested) ? (nested as PatientAppointment[]) : [];
}

/**
 * GET /appointments?patient_id=. The appointments module is not on the server yet: its 404 means "no
 * appointments" rather than an error, so the tab shows its empty state.
 */
export async function getPatientAppointments(
  id: number,
  signal?: AbortSignal,
): Promise<PatientAppointment[]> {
  try {
    return readList(await api.get<unknown>('/appointments', { signal, query: { patient_id: id } }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return [];
    throw err;
  }
}

export const patientAppointmentsQuery = (id: number) =>
  queryOptions({
    queryKey: patientKeys.appointments(id),
    queryFn: ({ signal }) => getPatientAppointments(id, signal),
  });

export function usePatientAppointments(id: number, options: { enabled: boolean }) {
  return useQuery({ ...patientAppointmentsQuery(id), enabled: options.enabled });
}
