import { and, asc, eq, ne } from 'drizzle-orm';
import { AGENDA_STATUSES } from '@ips/shared/schemas/availabilities';
import type { SmartOptionsDto } from '@ips/shared/schemas/availabilities-response';
import { availabilities } from '../../db/schema/agendas';
import {
  doctorLocations,
  doctors,
  doctorSpecialties,
  locations,
  locationSpecialties,
  specialties,
} from '../../db/schema/resources';
import type { AppDeps } from '../../lib/context';

async function activeCatalogue(deps: AppDeps) {
  const db = deps.db;
  const [docs, specs, locs, ds, dl, ls] = await Promise.all([
    db
      .select({ id: doctors.id, name: doctors.name })
      .from(doctors)
      .where(eq(doctors.active, true))
      .orderBy(asc(doctors.name)),
    db
      .select({ id: specialties.id, name: specialties.name })
      .from(specialties)
      .where(eq(specialties.active, true))
      .orderBy(asc(specialties.name)),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.status, 'Activa'))
      .orderBy(asc(locations.name)),
    db.select().from(doctorSpecialties),
    db.select().from(doctorLocations),
    db.select().from(locationSpecialties),
  ]);
  return { docs, specs, locs, ds, dl, ls };
}

/**
 * The cascading selects of the agenda form (spec §5 "Create agenda"): a location narrows the specialties to
 * those it offers; a specialty narrows the locations and the doctors; a doctor narrows to what the doctor
 * practises and where. With a date, each doctor carries that day's agendas so the form can avoid an overlap.
 */
export async function smartOptions(
  deps: AppDeps,
  q: { date?: string; specialty_id?: number; location_id?: number; doctor_id?: number },
): Promise<SmartOptionsDto> {
  const c = await activeCatalogue(deps);
  const specsOfDoctor = (id: number) => c.ds.filter((x) => x.doctorId === id).map((x) => x.specialtyId);
  const locsOfDoctor = (id: number) => c.dl.filter((x) => x.doctorId === id).map((x) => x.locationId);
  const offers = (loc: number, spec: number) =>
    c.ls.some((x) => x.locationId === loc && x.specialtyId === spec);

  const specialtiesOut = c.specs.filter(
    (s) =>
      (!q.location_id || offers(q.location_id, s.id)) &&
      (!q.doctor_id || specsOfDoctor(q.doctor_id).includes(s.id)),
  );
  const locationsOut = c.locs.filter(
    (l) =>
      (!q.specialty_id || offers(l.id, q.specialty_id)) &&
      (!q.doctor_id || locsOfDoctor(q.doctor_id).includes(l.id)),
  );
  const doctorsOut = c.docs.filter(
    (d) =>
      (!q.doctor_id || d.id === q.doctor_id) &&
      (!q.specialty_id || specsOfDoctor(d.id).includes(q.specialty_id)) &&
      (!q.location_id || locsOfDoctor(d.id).includes(q.location_id)),
  );
  const agendas = q.date
    ? await deps.db
        .select({
          id: availabilities.id,
          doctorId: availabilities.doctorId,
          startTime: availabilities.startTime,
          endTime: availabilities.endTime,
        })
        .from(availabilities)
        .where(and(eq(availabilities.date, q.date), ne(availabilities.status, 'Cancelada')))
        .orderBy(asc(availabilities.startTime))
    : [];
  return {
    specialties: specialtiesOut,
    locations: locationsOut,
    doctors: doctorsOut.map((d) => ({
      ...d,
      specialty_ids: specsOfDoctor(d.id),
      location_ids: locsOfDoctor(d.id),
      agendas_on_date: agendas
        .filter((a) => a.doctorId === d.id)
        .map((a) => ({ id: a.id, start_time: a.startTime, end_time: a.endTime })),
    })),
  };
}

/** The filter dropdowns of the agenda screens: active doctors, specialties and locations, and the statuses. */
export async function filterOptions(deps: AppDeps) {
  const c = await activeCatalogue(deps);
  return { doctors: c.docs, specialties: c.specs, locations: c.locs, statuses: [...AGENDA_STATUSES] };
}
