import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { appointments } from '../schema/appointments';
import { patients } from '../schema/patients';
import { queueEntries } from '../schema/queue';
import { doctorSpecialties, specialties } from '../schema/resources';
import { fitsSpecialty, reasonsFor } from './clinical-fit';

/*
 * Demo waiting queue (demo mode only): patients waiting for the specialties the demo doctors practise, with the
 * priorities, origins and waiting times a clinic sees on a normal morning, so the Cola de Espera, its badge and
 * the assign dialog have something real to work on. A patient waits for a specialty they have no upcoming
 * appointment with.
 * Deterministic, and run only while the queue is empty, so a restart changes nothing.
 */

/** Priority, origin and hours waiting of each demo entry; Urgente and Alta are few, as in a real queue. */
const PLAN: { priority: 'Urgente' | 'Alta' | 'Normal' | 'Baja'; source: string; hours: number }[] = [
  { priority: 'Urgente', source: 'call_center', hours: 2 },
  { priority: 'Alta', source: 'smart_assign', hours: 26 },
  { priority: 'Normal', source: 'manual', hours: 50 },
  { priority: 'Normal', source: 'call_center', hours: 5 },
  { priority: 'Alta', source: 'return_to_queue', hours: 20 },
  { priority: 'Normal', source: 'smart_assign', hours: 74 },
  { priority: 'Baja', source: 'manual', hours: 98 },
  { priority: 'Normal', source: 'call_center', hours: 3 },
  { priority: 'Urgente', source: 'manual', hours: 1 },
  { priority: 'Normal', source: 'smart_assign', hours: 30 },
  { priority: 'Normal', source: 'manual', hours: 8 },
  { priority: 'Alta', source: 'call_center', hours: 45 },
  { priority: 'Normal', source: 'return_to_queue', hours: 12 },
  { priority: 'Baja', source: 'smart_assign', hours: 120 },
  { priority: 'Normal', source: 'call_center', hours: 6 },
  { priority: 'Normal', source: 'manual', hours: 52 },
];

export async function seedQueueDemo(db: Db, now: Date = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(queueEntries);
  if ((existing?.n ?? 0) > 0) return 0;
  const practised = await db
    .selectDistinct({ id: doctorSpecialties.specialtyId, name: specialties.name })
    .from(doctorSpecialties)
    .innerJoin(specialties, eq(specialties.id, doctorSpecialties.specialtyId))
    .orderBy(asc(doctorSpecialties.specialtyId));
  if (practised.length === 0) return 0;
  const today = now.toISOString().slice(0, 10);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const candidates = await db
    .select({ id: patients.id, birthDate: patients.birthDate, gender: patients.gender })
    .from(patients)
    .where(eq(patients.status, 'Activo'))
    .orderBy(sql`${patients.id} desc`)
    .limit(PLAN.length);
  // A patient waits for a specialty they have no upcoming appointment with.
  const upcoming = await db
    .select({ patientId: appointments.patientId, specialtyId: appointments.specialtyId })
    .from(appointments)
    .where(
      and(
        gte(appointments.scheduledAt, now),
        inArray(
          appointments.patientId,
          candidates.map((c) => c.id),
        ),
      ),
    );
  const rows = candidates.flatMap((p, i) => {
    const plan = PLAN[i]!;
    const busy = new Set(upcoming.filter((u) => u.patientId === p.id).map((u) => u.specialtyId));
    const specialty = practised
      .map((_, k) => practised[(i * 5 + k) % practised.length]!)
      .find(
        (sp) => !busy.has(sp.id) && fitsSpecialty(sp.name, p, today) && fitsSpecialty(sp.name, p, weekAgo),
      );
    if (specialty === undefined) return [];
    const reasons = reasonsFor(specialty.name);
    const createdAt = new Date(now.getTime() - plan.hours * 3_600_000);
    return [
      {
        patientId: p.id,
        specialtyId: specialty.id,
        priorityLevel: plan.priority,
        source: plan.source,
        callType: plan.source === 'return_to_queue' ? 'reagendar' : 'normal',
        reason: reasons[i % reasons.length]!,
        appointmentType: i % 6 === 5 ? 'Teleconsulta' : 'Presencial',
        createdAt,
        updatedAt: createdAt,
      },
    ];
  });
  if (rows.length > 0) await db.insert(queueEntries).values(rows);
  return rows.length;
}
