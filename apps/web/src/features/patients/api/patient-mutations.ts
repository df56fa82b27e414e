import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PatientForm, UpdatePatientBody } from '@ips/shared/schemas/patients';
import type { PatientDto } from '@ips/shared/schemas/patients-response';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { patientKeys } from '@/features/patients/api/patient-keys';

/** POST /patients: quick (document, name, phone) or complete registration. */
export function createPatient(body: Partial<PatientForm>): Promise<PatientDto> {
  return api.post<ApiEnvelope<PatientDto>>('/patients', body).then((r) => r.data);
}

/** PUT /patients/{id}: only the fields sent change; status 'Activo' reactivates. */
export function updatePatient(id: number, body: UpdatePatientBody): Promise<PatientDto> {
  return api.put<ApiEnvelope<PatientDto>>(`/patients/${id}`, body).then((r) => r.data);
}

/** DELETE /patients/{id}: the patient becomes Inactivo and can be reactivated. */
export function inactivatePatient(id: number): Promise<unknown> {
  return api.delete(`/patients/${id}`);
}

/** DELETE /patients/{id}?hard=true: removes the patient with all history (204). Admin and supervisor only. */
export function deletePatientPermanently(id: number): Promise<unknown> {
  return api.delete(`/patients/${id}`, { query: { hard: true } });
}

function useInvalidatePatients() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: patientKeys.all });
}

export function useCreatePatient() {
  const invalidate = useInvalidatePatients();
  return useMutation({ mutationFn: createPatient, onSuccess: invalidate });
}

export function useUpdatePatient() {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePatientBody }) => updatePatient(id, body),
    onSuccess: invalidate,
  });
}

export function useRemovePatient() {
  const invalidate = useInvalidatePatients();
  return useMutation({
    mutationFn: ({ id, hard }: { id: number; hard: boolean }) =>
      hard ? deletePatientPermanently(id) : inactivatePatient(id),
    onSuccess: invalidate,
  });
}
