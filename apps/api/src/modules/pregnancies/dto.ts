import { daysBetween } from '@ips/shared/schemas/pregnancies';
import type { PregnancyDto, PrenatalControlDto } from '@ips/shared/schemas/pregnancies';
import type { ControlRow, PregnancyWithCount } from './repo';

/**
 * Gestational age and countdown on `today` (the organisation's date). A closed pregnancy keeps the age it had
 * at delivery and has no countdown.
 */
export function toPregnancyDto({ pregnancy: p, controls }: PregnancyWithCount, today: string): PregnancyDto {
  const open = p.status === 'Activa';
  const days = Math.max(0, daysBetween(p.startDate, open ? today : (p.deliveryDate ?? today)));
  return {
    id: p.id,
    patient_id: p.patientId,
    start_date: p.startDate,
    expected_due_date: p.expectedDueDate,
    high_risk: p.highRisk,
    risk_factors: p.riskFactors,
    notes: p.notes,
    status: p.status as PregnancyDto['status'],
    delivery_date: p.deliveryDate,
    current_weeks: Math.floor(days / 7),
    current_days: days % 7,
    days_until_due: open ? daysBetween(today, p.expectedDueDate) : null,
    is_overdue: open && today > p.expectedDueDate,
    prenatal_controls_count: controls,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

export function toControlDto(c: ControlRow): PrenatalControlDto {
  return {
    id: c.id,
    pregnancy_id: c.pregnancyId,
    control_date: c.controlDate,
    gestational_weeks: c.gestationalWeeks,
    weight_kg: c.weightKg,
    blood_pressure: c.bloodPressure,
    fetal_heart_rate: c.fetalHeartRate,
    notes: c.notes,
    created_at: c.createdAt.toISOString(),
  };
}

export const pregnancyAuditView = (p: PregnancyWithCount['pregnancy']) => ({
  patient_id: p.patientId,
  start_date: p.startDate,
  expected_due_date: p.expectedDueDate,
  high_risk: p.highRisk,
  risk_factors: p.riskFactors,
  notes: p.notes,
  status: p.status,
  delivery_date: p.deliveryDate,
});
