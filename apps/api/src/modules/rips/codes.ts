import { sql } from 'drizzle-orm';
import { CONTRIBUTIVO_USER_TYPES } from '@ips/shared/schemas/rips';
import type { Executor } from '../../db/client';

/** The RIPS code tables (rips_codes), table → code → name; small (about 200 rows), read once per use. */
export type RipsCodes = ReadonlyMap<string, ReadonlyMap<string, string>>;

export async function loadCodes(db: Executor): Promise<RipsCodes> {
  const res = await db.execute<{ table_name: string; code: string; name: string }>(
    sql`select table_name, code, name from rips_codes`,
  );
  const out = new Map<string, Map<string, string>>();
  for (const r of res.rows) {
    let t = out.get(r.table_name);
    if (!t) out.set(r.table_name, (t = new Map()));
    t.set(r.code, r.name);
  }
  return out;
}

export const hasCode = (codes: RipsCodes, table: string, code: string | number | null | undefined) =>
  code !== null && code !== undefined && (codes.get(table)?.has(String(code)) ?? false);

/**
 * The RIPS user type proposed from the patient's affiliation when none was chosen: a contributivo affiliate is
 * taken as cotizante (01; a beneficiary is chosen by hand), subsidiado 04, vinculado (not affiliated) 05,
 * particular 12. 'Otro' proposes nothing: somebody must choose.
 */
export function userTypeFromAffiliation(affiliation: string | null | undefined): string | null {
  switch (affiliation) {
    case 'Contributivo':
      return '01';
    case 'Subsidiado':
      return '04';
    case 'Vinculado':
      return '05';
    case 'Particular':
      return '12';
    default:
      return null;
  }
}

export const isContributivo = (userType: string | null) =>
  userType !== null && (CONTRIBUTIVO_USER_TYPES as readonly string[]).includes(userType);

/** Patient gender (spec values) → RIPS Sexo code. */
export function sexCode(gender: string | null): string | null {
  if (gender === 'Masculino') return 'M';
  if (gender === 'Femenino') return 'F';
  if (gender === 'Otro') return 'I';
  return null;
}

/**
 * The seven service lists of a user's `servicios`, in the annex's order (Resolución 2275 de 2023). The product
 * records consultations only; the other six are written as empty lists, never left out (decision 037).
 */
export const SERVICE_LISTS = [
  'consultas',
  'procedimientos',
  'urgencias',
  'hospitalizacion',
  'recienNacidos',
  'medicamentos',
  'otrosServicios',
] as const;
