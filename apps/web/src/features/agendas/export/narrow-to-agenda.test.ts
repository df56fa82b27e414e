import { describe, expect, it } from 'vitest';
import type { DailyExportDoctorDto as DailyDoctor } from '@ips/shared/schemas/availabilities-response';
import { narrowToAgenda } from './narrow-to-agenda';

const appointment = (id: number, availabilityId: number, time: string, name: string) => ({
  id,
  availability_id: availabilityId,
  scheduled_at: `2026-11-25 ${time}:00`,
  patient_name: name,
  age: 40,
  patient_document: String(1000 + id),
  patient_eps: null,
  patient_phone: null,
  patient_email: null,
  reason: 'Control',
  status: 'Confirmada',
  duration_minutes: 20,
});

/** A doctor with a morning and an afternoon agenda that day, as GET /availabilities/daily-export answers. */
const day: DailyDoctor[] = [
  {
    date: '2026-11-25',
    doctor_id: 7,
    doctor_name: 'Dra. Laura Gómez',
    specialty_name: 'Medicina General / Pediatría',
    location_name: 'Sede Norte / Sede Sur',
    room: null,
    start_time: '07:00:00',
    end_time: '18:00:00',
    availability_ids: [11, 12],
    appointments: [
      appointment(1, 11, '07:00', 'Ana Ruiz'),
      appointment(2, 12, '14:00', 'Beto Díaz'),
      appointment(3, 11, '07:20', 'Carla Mora'),
    ],
  },
  {
    date: '2026-11-25',
    doctor_id: 8,
    doctor_name: 'Dr. Otro',
    specialty_name: 'Medicina General',
    location_name: 'Sede Norte',
    room: null,
    start_time: '08:00:00',
    end_time: '12:00:00',
    availability_ids: [13],
    appointments: [appointment(4, 13, '08:00', 'Diana Paz')],
  },
];

describe('narrowToAgenda (the per-agenda PDF and Excel)', () => {
  it("gives each agenda of a doctor's day its own header and only its own appointments", () => {
    const morning = narrowToAgenda(day, {
      id: 11,
      start_time: '07:00:00',
      end_time: '12:00:00',
      specialty_name: 'Medicina General',
      location_name: 'Sede Norte',
    });
    expect(morning).toHaveLength(1);
    expect(morning[0]).toMatchObject({
      doctor_name: 'Dra. Laura Gómez',
      specialty_name: 'Medicina General',
      location_name: 'Sede Norte',
      start_time: '07:00:00',
      end_time: '12:00:00',
      availability_ids: [11],
    });
    expect(morning[0]!.appointments.map((a) => a.patient_name)).toEqual(['Ana Ruiz', 'Carla Mora']);

    const afternoon = narrowToAgenda(day, {
      id: 12,
      start_time: '14:00:00',
      end_time: '18:00:00',
      specialty_name: 'Pediatría',
      location_name: 'Sede Sur',
    });
    expect(afternoon[0]).toMatchObject({
      specialty_name: 'Pediatría',
      location_name: 'Sede Sur',
      start_time: '14:00:00',
      end_time: '18:00:00',
    });
    expect(afternoon[0]!.appointments.map((a) => a.patient_name)).toEqual(['Beto Díaz']);
  });
});
