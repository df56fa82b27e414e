import { sql } from 'drizzle-orm';
import { nitCheckDigit } from '@ips/shared/schemas/colombian-ids';
import { book, insertPastAgenda, newPatient, today, type World } from '../../test/factories/world';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { complete, createService } from '../../test/factories/billing';

/** Helpers of the RIPS tests (not a test file itself). */

export const NIT = `900123456-${nitCheckDigit('900123456')}`;
export const PRESTADOR = '680010123401';

async function ok(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
  if (res.statusCode >= 300) throw new Error(`${what} → ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Record<string, unknown> }).data;
}

/** The provider's NIT and REPS code, the general specialty's RIPS service and a consultation with its CUPS. */
export async function ripsSetup(w: World) {
  await ok(
    await w.c.admin({
      method: 'PUT',
      url: '/api/settings',
      payload: { org_nit: NIT, cod_prestador: PRESTADOR },
    }),
    'settings',
  );
  const consulta = await createService(w, 'Consulta general RIPS', 50000);
  await ok(
    await w.c.admin({
      method: 'PUT',
      url: `/api/rips/services/${consulta}`,
      payload: { cups_code: '890201' },
    }),
    'service cups',
  );
  await ok(
    await w.c.admin({
      method: 'PUT',
      url: `/api/specialties/${w.generalId}`,
      payload: { default_service_id: consulta },
    }),
    'default service',
  );
  await ok(
    await w.c.admin({
      method: 'PUT',
      url: `/api/rips/specialties/${w.generalId}`,
      payload: { rips_service_group: '01', rips_service_code: 328 },
    }),
    'specialty',
  );
  for (const [id, doc] of [
    [w.drA, '79123456'],
    [w.drB, '63456789'],
  ] as const) {
    await ok(
      await w.c.admin({
        method: 'PUT',
        url: `/api/rips/doctors/${id}`,
        payload: { document_type: 'CC', document_number: doc },
      }),
      'doctor',
    );
  }
  return { consulta };
}

export async function municipalityId(w: World, code: string) {
  const res = await w.t.app.deps.db.execute<{ id: number }>(
    sql`select id from municipalities where code = ${code}`,
  );
  return res.rows[0]!.id;
}

/** A patient with everything RIPS asks (the zone unless told otherwise). */
export async function ripsPatient(
  w: World,
  fields: Record<string, unknown> = {},
  zone: string | null = '02',
) {
  const id = await newPatient(w, {
    document_type_id: 1,
    birth_date: '1985-04-12',
    gender: 'Femenino',
    municipality_id: await municipalityId(w, '68001'),
    insurance_affiliation_type: 'Contributivo',
    ...fields,
  });
  if (zone)
    await ok(
      await w.c.reception({ method: 'PUT', url: `/api/rips/patients/${id}`, payload: { rips_zone: zone } }),
      'zone',
    );
  return id;
}

// Per world: test files may share one process (Vitest's isolate: false), each with its own database.
const pastAgendasOf = new WeakMap<World, Map<string, { id: number; date: string; doctorId: number }>>();
/** A Completada appointment some days ago at the given time (one agenda per doctor and day, written directly). */
export async function completedAppointment(
  w: World,
  patientId: number,
  time: string,
  opts: { daysAgo?: number; doctorId?: number; type?: string } = {},
) {
  const date = addDays(today(), -(opts.daysAgo ?? 3));
  const doctorId = opts.doctorId ?? w.drA;
  const key = `${doctorId}:${date}`;
  let pastAgendas = pastAgendasOf.get(w);
  if (!pastAgendas) pastAgendasOf.set(w, (pastAgendas = new Map()));
  let agenda = pastAgendas.get(key);
  if (!agenda) {
    const row = await insertPastAgenda(w, date, {
      doctorId,
      startTime: '06:00',
      endTime: '20:00',
      capacity: 40,
    });
    agenda = { id: row.id, date, doctorId };
    pastAgendas.set(key, agenda);
  }
  const row = await book(w, agenda, time, {
    patientId,
    doctorId,
    ...(opts.type ? { appointmentType: opts.type } : {}),
  });
  await complete(w, row.id);
  return { id: row.id, date };
}

export const attendance = (fields: Record<string, unknown> = {}) => ({
  finalidad: '15',
  causa: '38',
  dx_main: 'J069',
  dx_rel1: null,
  dx_type: '01',
  modality: '01',
  service_group: '01',
  service_code: 328,
  cups_code: '890201',
  concepto_recaudo: '05',
  moderator_value: 0,
  ...fields,
});

export async function saveAttendance(w: World, appointmentId: number, fields: Record<string, unknown> = {}) {
  return ok(
    await w.c.reception({
      method: 'PUT',
      url: `/api/rips/attendance/${appointmentId}`,
      payload: attendance(fields),
    }),
    'attendance',
  );
}

export async function bill(w: World, appointmentId: number) {
  const res = await w.t.app.deps.db.execute<{ id: number }>(
    sql`select id from appointment_billing where appointment_id = ${appointmentId}`,
  );
  await ok(
    await w.c.admin({
      method: 'PATCH',
      url: `/api/appointment-billing/${res.rows[0]!.id}/status`,
      payload: { status: 'billed' },
    }),
    'bill',
  );
}

export async function buildPkg(w: World, payload: Record<string, unknown>) {
  const res = await w.c.reception({ method: 'POST', url: '/api/rips/packages', payload });
  if (res.statusCode !== 201) throw new Error(`package → ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number; problems_count: number; checksum: string; status: string };
}

export async function downloadJson(w: World, id: number) {
  const res = await w.c.reception({ method: 'GET', url: `/api/rips/packages/${id}/download` });
  if (res.statusCode !== 200) throw new Error(`download → ${res.statusCode} ${res.body}`);
  return { text: res.body, json: JSON.parse(res.body), headers: res.headers };
}

export async function problemsOf(w: World, id: number) {
  const res = await w.c.reception({ method: 'GET', url: `/api/rips/packages/${id}/problems?limit=500` });
  return res.json().data.items as {
    appointment_id: number | null;
    path: string;
    field: string;
    message: string;
    link: string;
  }[];
}
