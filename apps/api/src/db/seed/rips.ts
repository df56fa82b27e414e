import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { requireUp } from '../../lib/paths';

/**
 * The RIPS code tables (rips-code-tables.csv, `tabla;codigo;nombre`, from SISPRO) and a small CIE-10 catalogue
 * (decision 037). The code tables are refreshed on every start (they are the Ministry's, not the provider's);
 * the CIE-10 demo set goes only into an empty table, and the full table is imported from a CSV.
 */
export function readRipsCodeTables(): { table: string; code: string; name: string }[] {
  const text = readFileSync(requireUp('src/db/seed/data/rips-code-tables.csv'), 'utf8');
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim());
  if (header !== 'tabla;codigo;nombre') throw new Error('rips-code-tables: cabecera inesperada');
  return lines.map((line) => {
    const [table, code, name] = line.split(';');
    if (!table || !code || !name) throw new Error(`rips-code-tables: línea inválida: ${line}`);
    return { table: table.trim(), code: code.trim(), name: name.trim() };
  });
}

/** Common outpatient diagnoses with their 4-character codes as the Colombian CIE-10 table writes them. */
export const CIE10_DEMO: readonly { code: string; name: string }[] = [
  { code: 'A09X', name: 'Diarrea y gastroenteritis de presunto origen infeccioso' },
  { code: 'B349', name: 'Infección viral, no especificada' },
  { code: 'E119', name: 'Diabetes mellitus no insulinodependiente, sin mención de complicación' },
  { code: 'E669', name: 'Obesidad, no especificada' },
  { code: 'E785', name: 'Hiperlipidemia, no especificada' },
  { code: 'F329', name: 'Episodio depresivo, no especificado' },
  { code: 'F419', name: 'Trastorno de ansiedad, no especificado' },
  { code: 'H521', name: 'Miopía' },
  { code: 'I10X', name: 'Hipertensión esencial (primaria)' },
  { code: 'J00X', name: 'Rinofaringitis aguda (resfriado común)' },
  { code: 'J029', name: 'Faringitis aguda, no especificada' },
  { code: 'J069', name: 'Infección aguda de las vías respiratorias superiores, no especificada' },
  { code: 'J189', name: 'Neumonía, no especificada' },
  { code: 'J459', name: 'Asma, no especificada' },
  { code: 'K021', name: 'Caries de la dentina' },
  { code: 'K297', name: 'Gastritis, no especificada' },
  { code: 'K30X', name: 'Dispepsia' },
  { code: 'L209', name: 'Dermatitis atópica, no especificada' },
  { code: 'M545', name: 'Lumbago no especificado' },
  { code: 'N390', name: 'Infección de vías urinarias, sitio no especificado' },
  { code: 'R509', name: 'Fiebre, no especificada' },
  { code: 'R51X', name: 'Cefalea' },
  { code: 'Z000', name: 'Examen médico general' },
  { code: 'Z001', name: 'Control de salud de rutina del niño' },
  { code: 'Z300', name: 'Consejo y asesoramiento general sobre la anticoncepción' },
  { code: 'Z348', name: 'Supervisión de otros embarazos normales' },
];

export async function seedRipsCatalogs(db: Executor): Promise<void> {
  const rows = readRipsCodeTables();
  await db.execute(sql`
    insert into rips_codes (table_name, code, name)
    select x.t, x.c, x.n from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ t: r.table, c: r.code, n: r.name })))}::jsonb) as x(t text, c text, n text)
    on conflict (table_name, code) do update set name = excluded.name`);
  const existing = await db.execute<{ n: number }>(sql`select count(*)::int as n from cie10`);
  if (Number(existing.rows[0]?.n ?? 0) > 0) return;
  await db.execute(sql`
    insert into cie10 (code, name)
    select x.code, x.name from jsonb_to_recordset(${JSON.stringify(CIE10_DEMO)}::jsonb) as x(code text, name text)
    on conflict (code) do nothing`);
}

/** The demo specialties' RIPS service (group 01 consulta externa, code from the Servicios table). */
const DEMO_SERVICE_CODES: Readonly<Record<string, number>> = {
  'Medicina General': 328,
  'Odontología General': 334,
  Pediatría: 342,
  Ginecología: 320,
  Obstetricia: 320,
  'Medicina Interna': 329,
  Cardiología: 302,
  Dermatología: 308,
  Psicología: 344,
  Nutrición: 333,
  Oftalmología: 335,
  Optometría: 337,
  'Cirugía General': 304,
  Fisioterapia: 739,
  // An ultrasound is an imaging procedure, but the package holds consultations only (decision 037).
  Ecografías: 356,
};

/** The demo's specialty → RIPS service mapping and its consultation services' CUPS, where still empty. */
export async function seedRipsDemo(db: Executor): Promise<void> {
  for (const [name, code] of Object.entries(DEMO_SERVICE_CODES)) {
    await db.execute(sql`
      update specialties set rips_service_group = '01', rips_service_code = ${code}
       where name = ${name} and rips_service_code is null`);
  }
  for (const [name, cups] of Object.entries(DEMO_SERVICE_CUPS)) {
    await db.execute(sql`update services set cups_code = ${cups} where name = ${name} and cups_code is null`);
  }
}

/** First-time consultation CUPS of the demo's consultation services. */
const DEMO_SERVICE_CUPS: Readonly<Record<string, string>> = {
  'Consulta de medicina general': '890201',
  'Consulta de medicina especializada': '890202',
  'Consulta de odontología general': '890203',
  'Consulta de nutrición': '890206',
  'Consulta de optometría': '890207',
  'Consulta de psicología': '890208',
  'Sesión de fisioterapia': '931000',
  'Ecografía de abdomen total': '881302',
};
