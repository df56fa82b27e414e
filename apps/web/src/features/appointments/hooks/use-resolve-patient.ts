import { useMutation, useQueryClient } from '@tanstack/react-query';
import { quickPatientSchema } from '@ips/shared/schemas/patients';
import { createPatient, type PatientOption } from '@/features/appointments/api/patients';
import type { PatientChoice } from '@/features/appointments/components/patient-picker';

export type ResolveResult =
  | { ok: true; patient: PatientOption; created: boolean }
  | { ok: false; messages: string[]; fieldErrors: Record<string, string> };

/**
 * The patient id of a choice: the selected patient's, or a new patient registered first with the quick
 * registration rules (document 5–20 digits, name 3–100 letters, phone 7–15). Validation problems come back as
 * messages; a server refusal (e.g. the document already exists) is thrown. The caller should switch the
 * choice to the created patient, so that a retry after a failed booking does not register them twice.
 */
export function useResolvePatient() {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: createPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['patients'] }),
  });
  const validate = (choice: PatientChoice): ResolveResult | null => {
    if (choice.mode === 'search')
      return choice.patient
        ? { ok: true, patient: choice.patient, created: false }
        : { ok: false, messages: ['Debe seleccionar un paciente'], fieldErrors: {} };
    const parsed = quickPatientSchema.safeParse(choice.newPatient);
    if (parsed.success) return null;
    const fieldErrors: Record<string, string> = {};
    for (const i of parsed.error.issues) fieldErrors[String(i.path[0])] ??= i.message;
    return { ok: false, messages: Object.values(fieldErrors), fieldErrors };
  };
  const resolve = async (choice: PatientChoice): Promise<ResolveResult> => {
    const checked = validate(choice);
    if (checked) return checked;
    const p = await create.mutateAsync({
      document: choice.newPatient.document.trim(),
      name: choice.newPatient.name.trim(),
      phone: choice.newPatient.phone.trim(),
    });
    return { ok: true, patient: p, created: true };
  };
  return { resolve, validate, isPending: create.isPending };
}
