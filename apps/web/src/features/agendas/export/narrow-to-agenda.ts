import type { DailyExportDoctorDto } from '@ips/shared/schemas/availabilities-response';

/** What an agenda's own export header shows of it. */
export interface AgendaHeader {
  id: number;
  start_time: string;
  end_time: string;
  specialty_name: string;
  location_name: string;
}

/**
 * The day's export narrowed to one agenda: the doctor's entry covers the whole day (both agendas of a doctor
 * with a morning and an afternoon, '07:00 – 18:00'), so its header becomes the agenda's own hours, specialty and
 * site, its appointments and rooms those of the agenda.
 */
export function narrowToAgenda(data: DailyExportDoctorDto[], agenda: AgendaHeader): DailyExportDoctorDto[] {
  return data
    .filter((d) => d.availability_ids.includes(agenda.id))
    .map((d) => {
      const appointments = d.appointments.filter((a) => a.availability_id === agenda.id);
      const rooms = d.room?.split(', ') ?? [];
      return {
        ...d,
        specialty_name: agenda.specialty_name,
        location_name: agenda.location_name,
        start_time: agenda.start_time,
        end_time: agenda.end_time,
        // The rooms are not per appointment in the export: a doctor's single room is the agenda's too.
        room: rooms.length === 1 ? d.room : null,
        availability_ids: [agenda.id],
        appointments,
      };
    });
}
