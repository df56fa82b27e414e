import { sql } from 'drizzle-orm';
import { nitCheckDigit } from '@ips/shared/schemas/colombian-ids';
import type { Db } from '../client';

/*
 * What the demo needs for a clean RIPS package (demo mode only; issue 34 item 7): the provider's NIT with its DIAN
 * check digit and a 12-digit REPS code, the doctors' documents, the patients' territorial zone, and an attendance
 * record (finalidad, causa, CIE-10 diagnosis, CUPS, collection concept) for every attended demo appointment, as
 * reception would have filled them in. Each only where still empty, so what the demo user changed stays, and a
 * package generated for a recent demo period lists no problem.
 */

/** The demo IPS: a NIT of Bucaramanga and its REPS code (department 68, municipality 001, provider, site 01). */
const DEMO_NIT_DIGITS = '900458712';
export const DEMO_NIT = `${DEMO_NIT_DIGITS}-${nitCheckDigit(DEMO_NIT_DIGITS)}`;
export const DEMO_COD_PRESTADOR = '680010458701';

/** Diagnoses (codes of CIE10_DEMO, rips.ts) a specialty's consultations end with; the rest use the general list. */
const DIAGNOSES: Readonly<Record<string, readonly string[]>> = {
  'Medicina General': ['J069', 'M545', 'R51X', 'I10X', 'K297', 'N390', 'Z000', 'A09X'],
  'Odontología General': ['K021'],
  Pediatría: ['Z001', 'J00X', 'J029', 'A09X', 'L209', 'R509'],
  Ginecología: ['Z300', 'N390'],
  Obstetricia: ['Z348'],
  'Medicina Interna': ['I10X', 'E119', 'E785', 'E669'],
  Cardiología: ['I10X', 'E785'],
  Dermatología: ['L209'],
  Psicología: ['F419', 'F329'],
  Nutrición: ['E669', 'E785'],
  Optometría: ['H521'],
  Oftalmología: ['H521'],
  Fisioterapia: ['M545'],
};
const GENERAL = ['Z000', 'R51X', 'M545', 'J069'];
/** RIPS purpose of the consultation (RIPSFinalidadConsultaVersion2) where it is not 15 (diagnóstico). */
const PURPOSE: Readonly<Record<string, string>> = {
  Obstetricia: '23',
  Pediatría: '11',
  Psicología: '16',
  Fisioterapia: '17',
  Nutrición: '32',
};
/** The cuota moderadora a contributivo patient pays at a consultation (pesos). */
const MODERATOR = 4_700;

const caseOf = (map: Readonly<Record<string, string>>, otherwise: string) =>
  sql.raw(
    `case sp.name ${Object.entries(map)
      .map(([k, v]) => `when '${k.replace(/'/g, "''")}' then '${v}'`)
      .join(' ')} else '${otherwise}' end`,
  );

export async function seedRipsDemoRecords(db: Db): Promise<number> {
  await db.execute(sql`
    update settings set value = to_jsonb(${DEMO_NIT}::text), updated_at = now()
     where key = 'org_nit' and value = '""'::jsonb`);
  await db.execute(sql`
    update settings set value = to_jsonb(${DEMO_COD_PRESTADOR}::text), updated_at = now()
     where key = 'cod_prestador' and value = '""'::jsonb`);
  // Cédulas of 8 digits, distinct per doctor.
  await db.execute(sql`
    update doctors set document_type = 'CC', document_number = (63000000 + id * 104729 % 9000000)::text
     where document_number is null`);
  // Most demo patients live in town; one in five in the countryside.
  await db.execute(sql`
    update patients set rips_zone = case when id % 5 = 0 then '01' else '02' end where rips_zone is null`);
  const dx = sql.raw(
    `case sp.name ${Object.entries(DIAGNOSES)
      .map(
        ([k, codes]) =>
          `when '${k}' then (array[${codes.map((c) => `'${c}'`).join(',')}])[1 + a.id % ${codes.length}]`,
      )
      .join(' ')} else (array[${GENERAL.map((c) => `'${c}'`).join(',')}])[1 + a.id % ${GENERAL.length}] end`,
  );
  const inserted = await db.execute<{ id: number }>(sql`
    insert into rips_attendance
      (appointment_id, finalidad, causa, dx_main, dx_type, modality, service_group, service_code, cups_code,
       concepto_recaudo, moderator_value, created_by, updated_by, created_at, updated_at)
    select a.id, ${caseOf(PURPOSE, '15')}, case sp.name when 'Obstetricia' then '42' else '38' end, ${dx},
           case when a.id % 3 = 0 then '02' else '01' end,
           case a.appointment_type when 'Teleconsulta' then '06' else '01' end,
           sp.rips_service_group, sp.rips_service_code, coalesce(sv.cups_code, '890201'),
           case when p.insurance_affiliation_type = 'Contributivo' then '02' else '05' end,
           case when p.insurance_affiliation_type = 'Contributivo' then ${MODERATOR} else 0 end,
           (select id from users where email = 'recepcion@demo.ips.co'),
           (select id from users where email = 'recepcion@demo.ips.co'), a.ends_at, a.ends_at
      from appointments a
      join specialties sp on sp.id = a.specialty_id
      join patients p on p.id = a.patient_id
      left join services sv on sv.id = a.service_id
     where a.status = 'Completada' and sp.rips_service_code is not null
       and not exists (select 1 from rips_attendance r where r.appointment_id = a.id)
    returning id`);
  return inserted.rows.length;
}
