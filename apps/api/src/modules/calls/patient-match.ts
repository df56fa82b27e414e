import { and, eq, inArray, sql } from 'drizzle-orm';
import { CALL_CENTER_ROLES } from '@ips/shared/catalogs/roles';
import { nationalDigits } from '@ips/shared/schemas/calls';
import type { Executor } from '../../db/client';
import { patients, phoneSearchExpr } from '../../db/schema/patients';
import { users } from '../../db/schema/users';

export interface PatientMatch {
  id: number;
  name: string;
  phone: string | null;
  document: string;
}

const cols = { id: patients.id, name: patients.name, phone: patients.phone, document: patients.document };

/**
 * The patient a call is about: the document number when given (one person, whatever the document type), else
 * the phone — the +57 number's national digits found among the patients' phones (the directory's trigram index
 * on their digits). A phone or document shared by several patients links none: a wrong link is worse than none.
 */
export async function matchPatient(
  db: Executor,
  q: { document?: string | null; phone?: string | null },
): Promise<PatientMatch | null> {
  if (q.document) {
    const rows = await db.select(cols).from(patients).where(eq(patients.document, q.document)).limit(2);
    if (rows.length === 1) return rows[0]!;
  }
  if (q.phone) {
    const digits = nationalDigits(q.phone);
    if (digits.length < 7) return null;
    const expr = phoneSearchExpr(patients.phone, patients.phoneAlt);
    const rows = await db
      .select({ ...cols, phoneAlt: patients.phoneAlt })
      .from(patients)
      .where(sql`${expr} like ${`%${digits}%`}`)
      .limit(5);
    // The trigram match also finds longer numbers that contain these digits: keep exact national matches.
    const same = (p: string | null) => {
      const d = p?.replace(/\D/g, '') ?? '';
      return d.length >= 7 && (d === digits || d === `57${digits}`);
    };
    const exact = rows.filter((r) => same(r.phone) || same(r.phoneAlt));
    if (exact.length === 1) {
      const { phoneAlt: _alt, ...p } = exact[0]!;
      return p;
    }
  }
  return null;
}

export async function findPatientById(db: Executor, id: number) {
  const [row] = await db.select(cols).from(patients).where(eq(patients.id, id));
  return row ?? null;
}

/** The active call-center user with this name, if exactly one: the call is linked to their account. */
export async function findAgentUser(db: Executor, name: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.name}) = lower(${name})`,
        eq(users.status, 'Activo'),
        inArray(users.role, [...CALL_CENTER_ROLES]),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}
