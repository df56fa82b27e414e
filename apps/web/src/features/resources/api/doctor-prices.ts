import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoctorPrice, PutDoctorPricesBody } from '@ips/shared/schemas/billing';
import { api, type ApiEnvelope } from '@/lib/api-client';

/** A doctor's own price per service (Tarifas; decision 031). */
const key = (doctorId: number) => ['resources', 'doctor-prices', doctorId] as const;

export function useDoctorPrices(doctorId: number | null) {
  return useQuery({
    queryKey: key(doctorId ?? 0),
    queryFn: ({ signal }) =>
      api.get<ApiEnvelope<DoctorPrice[]>>(`/doctors/${doctorId}/prices`, { signal }).then((r) => r.data),
    enabled: doctorId !== null,
  });
}

export function useSaveDoctorPrices(doctorId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PutDoctorPricesBody) =>
      api.put<ApiEnvelope<DoctorPrice[]>>(`/doctors/${doctorId}/prices`, body).then((r) => r.data),
    onSuccess: (data) => qc.setQueryData(key(doctorId), data),
  });
}
