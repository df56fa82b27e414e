import type { DailyExportDoctorDto } from '@ips/shared/schemas/availabilities-response';
import { api, type ApiEnvelope } from '@/lib/api-client';
import { narrowToAgenda, type AgendaHeader } from '@/features/agendas/export/narrow-to-agenda';

export type DailyDoctor = DailyExportDoctorDto;

export interface DailyExportScope {
  date: string;
  /** One agenda's export: only its doctor, its own hours, specialty and site, only its appointments. */
  agenda?: AgendaHeader;
}

/**
 * GET /availabilities/daily-export: per doctor, the day's agendas and appointments (spec §3 "Daily agenda
 * export"); for one agenda, narrowed to it (`narrowToAgenda`).
 */
export async function fetchDailyExport({ date, agenda }: DailyExportScope): Promise<DailyDoctor[]> {
  const data = (
    await api.get<ApiEnvelope<DailyDoctor[]>>('/availabilities/daily-export', { query: { date } })
  ).data;
  return agenda ? narrowToAgenda(data, agenda) : data;
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
