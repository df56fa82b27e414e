import { and, count, eq, isNotNull, notIlike } from 'drizzle-orm';
import { localDate } from '@ips/shared/format';
import { addDays, daysBetween, expectedDueDate } from '@ips/shared/schemas/pregnancies';
import type { Db } from '../client';
import { eps, municipalities } from '../schema/catalogs';
import { patients, pregnancies, prenatalControls } from '../schema/patients';
import { generatePatients } from './patient-generator';

export const DEMO_PATIENT_COUNT = 300;
const DEMO_SEED = 2026;

/**
 * Demo patients (demo mode only): about 300 people living in the demo zones' municipalities, insured by the
 * seeded EPS, and a few pregnancies with prenatal controls. Runs only while the directory is empty, so a
 * restart never duplicates them nor undoes what the demo user changed.
 */
export async function seedDemoPatients(db: Db, tz: string, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(patients);
  if ((existing?.n ?? 0) > 0) return 0;
  const refs = {
    municipalities: await db
      .select({ id: municipalities.id, zoneId: municipalities.zoneId })
      .from(municipalities)
      .where(isNotNull(municipalities.zoneId))
      .orderBy(municipalities.id),
    eps: await db
      .select({ id: eps.id, affiliationType: eps.affiliationType })
      .from(eps)
      // Indigenous EPS (EPSI) serve their own territories, not the demo provider's Santander.
      .where(and(eq(eps.status, 'active'), notIlike(eps.name, '%EPSI%')))
      .orderBy(eps.id),
  };
  return db.transaction(async (tx) => {
    const rows = [...generatePatients(DEMO_PATIENT_COUNT, { seed: DEMO_SEED, refs, now })];
    const inserted = await tx
      .insert(patients)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: patients.id, gender: patients.gender, birthDate: patients.birthDate });

    // Pregnancies for a few women of 18 to 40, at different stages (one overdue, one high-risk, one completed).
    const today = localDate(now, tz);
    const candidates = inserted.filter((p) => {
      if (p.gender !== 'Femenino' || !p.birthDate) return false;
      const age = daysBetween(p.birthDate, today) / 365.25;
      return age >= 18 && age <= 40;
    });
    const plans = [
      { weeks: 8, highRisk: false, controls: 1 },
      { weeks: 14, highRisk: false, controls: 2 },
      { weeks: 22, highRisk: true, risk: 'Hipertensión gestacional', controls: 4 },
      { weeks: 30, highRisk: false, controls: 5 },
      { weeks: 36, highRisk: true, risk: 'Diabetes gestacional; edad materna avanzada', controls: 7 },
      { weeks: 41, highRisk: false, controls: 8 },
      { weeks: 44, highRisk: false, controls: 6, deliveredWeeksAgo: 4 },
    ];
    for (const [k, plan] of plans.entries()) {
      const patient = candidates[k * 3];
      if (!patient) break;
      const start = addDays(today, -plan.weeks * 7 - k);
      const delivery = plan.deliveredWeeksAgo ? addDays(today, -plan.deliveredWeeksAgo * 7) : null;
      const [pregnancy] = await tx
        .insert(pregnancies)
        .values({
          patientId: patient.id,
          startDate: start,
          expectedDueDate: expectedDueDate(start),
          highRisk: plan.highRisk,
          riskFactors: plan.risk ?? null,
          status: delivery ? 'Completada' : 'Activa',
          deliveryDate: delivery,
          notes: delivery ? 'Parto vaginal sin complicaciones' : null,
        })
        .returning({ id: pregnancies.id });
      const last = delivery ?? today;
      const span = daysBetween(start, last);
      const controls = Array.from({ length: plan.controls }, (_, c) => {
        const date = addDays(
          start,
          Math.min(span, 42 + Math.floor(((span - 42) * c) / Math.max(1, plan.controls - 1))),
        );
        const weeks = Math.floor(daysBetween(start, date) / 7);
        return {
          pregnancyId: pregnancy!.id,
          controlDate: date,
          gestationalWeeks: weeks,
          weightKg: Math.round((58 + weeks * 0.35 + k) * 10) / 10,
          bloodPressure: plan.highRisk && weeks > 20 ? '138/88' : `${108 + (c % 3) * 4}/${68 + (c % 2) * 4}`,
          fetalHeartRate: weeks >= 12 ? 135 + ((c * 7) % 20) : null,
          notes: c === 0 ? 'Control de ingreso: paraclínicos solicitados' : null,
        };
      }).filter((c) => c.controlDate <= last && c.controlDate >= start);
      if (controls.length) await tx.insert(prenatalControls).values(controls);
    }
    return inserted.length;
  });
}
