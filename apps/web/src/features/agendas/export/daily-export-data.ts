import type { DailyExportDoctorDto } from '@ips/shared/schemas/availabilities-response';
import { api, type ApiEnvelope } from '@/lib/api-client';

export type DailyDoctor = DailyExportDoctorDto;

export interface DailyExportScope {
  date: string;
  /** One agenda's export: only its doctor, only its appointments. */
  availabilityId?: number;
}

/**
 * GET /availabilities/daily-export: per doctor, the day's agendas and appointments (spec §3 "Daily agenda
 * export"). For one agenda, the doctor's entry is narrowed to that agenda's appointments.
 */
export async function fetchDailyExport({ date, availabilityId }: DailyExportScope): Promise<DailyDoctor[]> {
  const data = (
    await api.get<ApiEnvelope<DailyDoctor[]>>('/availabilities/daily-export', { query: { date } })
  ).data;
  if (availabilityId === undefined) return data;
  return data
    .filter((d) => d.availability_ids.includes(availabilityId))
    .map((d) => ({ ...d, appointments: d.appointments.filter((a) => a.availability_id === availabilityId) }));
}

/** The spec's toast texts when there is nothing to print. */
export class NothingToExportError extends Error {
  constructor(doctorName?: string) {
    super(
      doctorName
        ? `No hay citas programadas para ${doctorName} en esta fecha`
        : 'No hay citas programadas para esta fecha',
    );
    this.name = 'NothingToExportError';
  }
}
