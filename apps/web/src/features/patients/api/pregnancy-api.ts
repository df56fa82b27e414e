import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePregnancyBody,
  CreatePrenatalControlBody,
  PregnancyDto,
  PrenatalControlDto,
  UpdatePregnancyBody,
} from '@ips/shared/schemas/pregnancies';
import { api, type ApiEnvelope } from '@/lib/api-client';

export type Pregnancy = PregnancyDto;
export type PrenatalControl = PrenatalControlDto;

export const pregnancyKeys = {
  all: ['pregnancies'] as const,
  active: (patientId: number) => [...pregnancyKeys.all, 'active', patientId] as const,
  controls: (pregnancyId: number) => [...pregnancyKeys.all, 'controls', pregnancyId] as const,
};

interface ActiveResponse {
  success: true;
  has_active_pregnancy: boolean;
  data: PregnancyDto | null;
}

/** GET /pregnancies/patient/{id}/active */
export const activePregnancyQuery = (patientId: number) =>
  queryOptions({
    queryKey: pregnancyKeys.active(patientId),
    queryFn: ({ signal }) =>
      api
        .get<ActiveResponse>(`/pregnancies/patient/${patientId}/active`, { signal })
        .then((r) => (r.has_active_pregnancy ? r.data : null)),
  });

export function useActivePregnancy(patientId: number) {
  return useQuery(activePregnancyQuery(patientId));
}

/** GET /pregnancies/{id}/controls */
export function usePrenatalControls(pregnancyId: number) {
  return useQuery({
    queryKey: pregnancyKeys.controls(pregnancyId),
    queryFn: ({ signal }) =>
      api
        .get<ApiEnvelope<PrenatalControl[]>>(`/pregnancies/${pregnancyId}/controls`, { signal })
        .then((r) => r.data),
  });
}

type PregnancyInput = Omit<CreatePregnancyBody, 'expected_due_date'>;

export function useRegisterPregnancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PregnancyInput) =>
      api.post<ApiEnvelope<Pregnancy>>('/pregnancies', body).then((r) => r.data),
    onSuccess: (p) => queryClient.setQueryData(pregnancyKeys.active(p.patient_id), p),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pregnancyKeys.all }),
  });
}

export function useUpdatePregnancy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdatePregnancyBody }) =>
      api.put<ApiEnvelope<Pregnancy>>(`/pregnancies/${id}`, body).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pregnancyKeys.all }),
  });
}

type ControlInput = Omit<
  CreatePrenatalControlBody,
  'weight_kg' | 'gestational_weeks' | 'fetal_heart_rate'
> & {
  weight_kg: number | string;
  gestational_weeks?: number | string;
  fetal_heart_rate?: number | string | null;
};

export function useAddPrenatalControl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ControlInput) =>
      api.post<ApiEnvelope<PrenatalControl>>('/pregnancies/controls', body).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pregnancyKeys.all }),
  });
}
