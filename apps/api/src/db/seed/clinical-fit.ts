/*
 * Who a demo specialty sees, so the demo's agendas and queue look like a clinic's: children in pediatrics, adults
 * in internal medicine, cardiology and surgery, women in gynaecology and, of child-bearing age, in obstetrics.
 * The API itself does not refuse other bookings (a clinic may have reasons); only the demo data follows this.
 */

export interface DemoPatient {
  id: number;
  /** YYYY-MM-DD, or null when unknown. */
  birthDate: string | null;
  gender: string | null;
}

interface Rule {
  minAge?: number;
  maxAge?: number;
  women?: boolean;
}

const RULES: Record<string, Rule> = {
  Pediatría: { maxAge: 17 },
  Ginecología: { minAge: 14, women: true },
  Obstetricia: { minAge: 15, maxAge: 45, women: true },
  'Medicina Interna': { minAge: 18 },
  Cardiología: { minAge: 18 },
  'Cirugía General': { minAge: 16 },
};

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day. */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whether the demo books this patient with this specialty on that day. */
export function fitsSpecialty(specialty: string, patient: DemoPatient, day: string): boolean {
  const rule = RULES[specialty];
  if (!rule) return true;
  if (rule.women && patient.gender !== 'Femenino') return false;
  if (rule.minAge === undefined && rule.maxAge === undefined) return true;
  if (!patient.birthDate) return false;
  const age = ageOn(patient.birthDate, day);
  return age >= (rule.minAge ?? 0) && age <= (rule.maxAge ?? 200);
}

/** Reasons for a consultation that fit the specialty it is with (the demo's appointments and queue). */
const REASONS: Record<string, readonly string[]> = {
  'Medicina General': [
    'Dolor lumbar de dos semanas',
    'Consulta por cefalea recurrente',
    'Renovación de fórmula médica',
    'Chequeo general',
    'Revisión de exámenes de laboratorio',
  ],
  'Odontología General': ['Valoración y limpieza', 'Dolor dental', 'Control de tratamiento'],
  Pediatría: ['Control de crecimiento y desarrollo', 'Tos y fiebre de tres días', 'Control de vacunación'],
  Ginecología: ['Citología de control', 'Consulta por dolor pélvico', 'Planificación familiar'],
  Obstetricia: ['Control prenatal', 'Primera consulta prenatal', 'Control posparto'],
  'Medicina Interna': [
    'Control de hipertensión arterial',
    'Seguimiento de diabetes tipo 2',
    'Revisión de exámenes',
  ],
  'Cirugía General': ['Valoración prequirúrgica', 'Control posquirúrgico'],
  Psicología: ['Consulta por ansiedad', 'Seguimiento de terapia'],
  Nutrición: ['Plan de alimentación', 'Control de peso'],
  Dermatología: ['Lesión en la piel', 'Control de acné'],
  Cardiología: [
    'Valoración por remisión de medicina general',
    'Control de hipertensión arterial',
    'Palpitaciones',
  ],
  Ecografías: ['Ecografía de abdomen ordenada por medicina general', 'Ecografía de control'],
  Optometría: ['Examen visual', 'Renovación de fórmula de lentes'],
  Fisioterapia: ['Dolor articular en rodilla derecha', 'Rehabilitación posquirúrgica', 'Dolor lumbar'],
};
const GENERAL = [
  'Valoración por remisión de medicina general',
  'Revisión de exámenes de laboratorio',
] as const;

export function reasonsFor(specialty: string): readonly string[] {
  return REASONS[specialty] ?? GENERAL;
}
