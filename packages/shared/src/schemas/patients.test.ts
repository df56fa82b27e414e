import { describe, expect, it } from 'vitest';
import { PATIENT_WIZARD_STEPS, quickPatientSchema, simplePatientEditSchema } from './patients';
import { expectedDueDate } from './pregnancies';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('patient form schemas (shared with the React forms)', () => {
  it('simple list edit: name of 2 or more, e-mail valid or empty, the rest optional', () => {
    expect(messages(simplePatientEditSchema.safeParse({ name: 'A', email: 'x@' }))).toEqual({
      name: 'El nombre debe tener al menos 2 caracteres',
      email: 'Email inválido',
    });
    expect(simplePatientEditSchema.parse({ name: 'Li', email: '' })).toEqual({ name: 'Li', email: null });
  });

  it('wizard: Siguiente validates only the current step; step 5 has no rules', () => {
    const step1 = PATIENT_WIZARD_STEPS[0].schema.safeParse({
      document: '12345',
      name: 'Ana Ruiz',
      gender: 'Masculino',
    });
    expect(step1.success).toBe(true);
    const step2 = PATIENT_WIZARD_STEPS[1].schema.safeParse({ phone: '12', email: 'malo' });
    expect(messages(step2)).toEqual({
      phone: 'El teléfono debe tener al menos 7 dígitos',
      email: 'Email inválido',
    });
    expect(PATIENT_WIZARD_STEPS[4].schema.safeParse({ estrato: 'no importa' }).success).toBe(true);
    expect(PATIENT_WIZARD_STEPS.map((s) => s.title)).toEqual([
      'Personal',
      'Contacto',
      'Médica',
      'Seguro',
      'Demográfica',
    ]);
  });

  it('quick registration has exactly document, name and phone', () => {
    expect(Object.keys(quickPatientSchema.shape)).toEqual(['document', 'name', 'phone']);
  });

  it('FPP is FUM + 280 days across month and leap-year ends', () => {
    expect(expectedDueDate('2026-08-01')).toBe('2027-05-08');
    expect(expectedDueDate('2027-05-25')).toBe('2028-02-29');
  });
});
