import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { usePatient } from '@/features/patients/api/get-patient';
import type { Patient } from '@/features/patients/api/get-patients';

export const LINKED_PATIENT_PARAM = 'patient';

/** `?patient=<id>`: a positive whole number, or null. */
function linkedPatientId(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The patient named in the address (`/patients?patient=<id>`, the command palette's link to a patient), loaded
 * for its detail dialog; `drop()` takes the parameter away (the detail closed). An id the user cannot read says
 * 'Paciente no encontrado' and drops itself.
 */
export function useLinkedPatient(): { patient: Patient | null; linked: boolean; drop: () => void } {
  const [params, setParams] = useSearchParams();
  const id = linkedPatientId(params.get(LINKED_PATIENT_PARAM));
  const query = usePatient(id);
  const drop = useCallback(
    () =>
      setParams(
        (p) => {
          p.delete(LINKED_PATIENT_PARAM);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const failed = id !== null && query.isError;
  useEffect(() => {
    if (!failed) return;
    toast.error('Paciente no encontrado', { description: 'No se pudo abrir el detalle del paciente.' });
    drop();
  }, [failed, drop]);
  return { patient: id !== null && query.data?.id === id ? query.data : null, linked: id !== null, drop };
}
