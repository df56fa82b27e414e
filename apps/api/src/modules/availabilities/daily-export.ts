import { ageInYears, localDateTime } from '@ips/shared/format';
import type { DailyExportDoctorDto } from '@ips/shared/schemas/availabilities-response';
import type { AppDeps } from '../../lib/context';
import { CLINIC, doctorFilter, type ReadScope } from '../../lib/read-scope';
import * as appointmentRepo from '../appointments';
import { localRange } from '../appointments';
import * as repo from './repo';
import { todayIn } from './rules';

/** Spec §4: the agenda export lists Confirmada, then Pendiente, then Cancelada, then the rest. */
const STATUS_ORDER: Record<string, number> = { Confirmada: 0, Pendiente: 1, Cancelada: 2 };
const rank = (s: string) => STATUS_ORDER[s] ?? 3;

const distinct = (values: (string | null | undefined)[]) => [
  ...new Set(values.filter((v): v is string => !!v)),
];

/**
 * The data behind the daily agenda PDF and Excel (spec §3 "Daily agenda export"), one entry per doctor: the
 * doctor's non-cancelled agendas of the day and every appointment the doctor has that day, also those outside
 * an agenda. The files themselves are built in the browser.
 */
export async function dailyExport(
  deps: AppDeps,
  date?: string,
  scope: ReadScope = CLINIC,
): Promise<DailyExportDoctorDto[]> {
  const tz = deps.config.orgTimezone;
  const day = date ?? todayIn(tz);
  // A doctor exports only their own day (decision 020).
  const doctorId = doctorFilter(scope);
  if (doctorId === null) return [];
  const [agendas, appointments] = await Promise.all([
    repo.list(deps.db, { date: day, statusNotIn: ['Cancelada'], doctorId }),
    appointmentRepo.listAll(deps.db, { ...localRange(tz, { date: day }), doctorId }),
  ]);
  const now = new Date();
  const doctorIds = [
    ...new Set([...agendas.map((a) => a.a.doctorId), ...appointments.map((a) => a.a.doctorId)]),
  ];
  const out = doctorIds.map((doctorId): DailyExportDoctorDto => {
    const own = agendas.filter((a) => a.a.doctorId === doctorId);
    const appts = appointments
      .filter((a) => a.a.doctorId === doctorId)
      .sort(
        (x, y) =>
          rank(x.a.status) - rank(y.a.status) || x.a.scheduledAt.getTime() - y.a.scheduledAt.getTime(),
      );
    const times = appts.map((a) => localDateTime(a.a.scheduledAt, tz).slice(11));
    const ends = appts.map((a) => localDateTime(a.a.endsAt, tz).slice(11));
    const rooms = distinct(appts.map((a) => (a.a.roomId ? `Consultorio ${a.a.roomId}` : null)));
    return {
      date: day,
      doctor_id: doctorId,
      doctor_name: own[0]?.doctorName ?? appts[0]!.doctorName,
      specialty_name: distinct(
        own.length ? own.map((a) => a.specialtyName) : appts.map((a) => a.specialtyName),
      ).join(' / '),
      location_name: distinct(
        own.length ? own.map((a) => a.locationName) : appts.map((a) => a.locationName),
      ).join(' / '),
      room: rooms.length ? rooms.join(', ') : null,
      start_time: own.length ? own.map((a) => a.a.startTime).sort()[0]! : times.sort()[0]!,
      end_time: own.length
        ? own
            .map((a) => a.a.endTime)
            .sort()
            .at(-1)!
        : ends.sort().at(-1)!,
      availability_ids: own.map((a) => a.a.id),
      appointments: appts.map((a) => ({
        id: a.a.id,
        availability_id: a.a.availabilityId,
        scheduled_at: localDateTime(a.a.scheduledAt, tz),
        patient_name: a.patientName,
        age: a.patientBirthDate ? ageInYears(a.patientBirthDate, now, tz) : null,
        patient_document: a.patientDocument,
        patient_eps: a.patientEps,
        patient_phone: a.patientPhone,
        patient_email: a.patientEmail,
        reason: a.a.reason,
        status: a.a.status,
        duration_minutes: a.a.durationMinutes,
      })),
    };
  });
  return out.sort(
    (a, b) => a.start_time.localeCompare(b.start_time) || a.doctor_name.localeCompare(b.doctor_name),
  );
}
