import { describe, expect, it } from 'vitest';
import { nitCheckDigit } from './colombian-ids';
import {
  crossFieldProblems,
  isLogoUrl,
  SETTING_DEFAULTS,
  settingFields,
  updateSettingsBody,
} from './settings';

describe('NIT check digit (DIAN, modulo 11)', () => {
  it('matches published NITs', () => {
    expect(nitCheckDigit('800197268')).toBe(4); // DIAN
    expect(nitCheckDigit('860034313')).toBe(7); // Davivienda
    expect(nitCheckDigit('899999068')).toBe(1); // Ecopetrol
  });
  it('normalises dots and spaces, refuses a wrong digit or no digit', () => {
    expect(settingFields.org_nit.parse('800.197.268-4')).toBe('800197268-4');
    expect(settingFields.org_nit.parse(' 860034313 - 7 ')).toBe('860034313-7');
    expect(settingFields.org_nit.parse('')).toBe('');
    expect(settingFields.org_nit.safeParse('800197268-3').success).toBe(false);
    expect(settingFields.org_nit.safeParse('800197268').success).toBe(false);
    expect(settingFields.org_nit.safeParse('80.0197268-4').success).toBe(false);
  });
});

describe('logo address', () => {
  it.each([
    ['', true],
    [`/uploads/${'a1'.repeat(32)}.png`, true],
    [`/uploads/${'0f'.repeat(32)}.jpg`, true],
    [`/uploads/${'0f'.repeat(32)}.webp`, true],
    [`/uploads/${'0F'.repeat(32)}.png`, false],
    [`/uploads/${'0f'.repeat(32)}.svg`, false],
    [`/uploads/${'0f'.repeat(31)}.png`, false],
    ['/uploads/abc.png', false],
    ['/uploads/../../etc/passwd', false],
    [`/uploads/../${'0f'.repeat(32)}.png`, false],
    ['https://ips.co/logo.png', false],
    ['http://ips.co', false],
    ['//evil.co/x.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['ftp://ips.co/logo.png', false],
    ['uploads/x.png', false],
  ])('%s → %s', (v, ok) => expect(isLogoUrl(v)).toBe(ok));
});

describe('rules across fields', () => {
  const base = { ...SETTING_DEFAULTS, ai_start_time: '08:00', ai_end_time: '17:00' };
  it('the defaults break no rule', () => expect(crossFieldProblems(SETTING_DEFAULTS)).toEqual([]));
  it('a break that starts before the active hours is outside them', () => {
    const [p] = crossFieldProblems({ ...base, ai_break_start: '07:30', ai_break_end: '09:00' });
    expect(p).toMatchObject({
      message: 'El descanso debe estar dentro del horario activo',
      fields: { ai_break_start: 'Fuera del horario activo' },
    });
  });
  it('a break start outside the hours, with no end yet, says so on the start field too', () => {
    const problems = crossFieldProblems({ ...base, ai_break_start: '06:00', ai_break_end: '' });
    expect(problems.map((p) => p.message)).toEqual([
      'Indique el inicio y el fin del descanso, o deje ambos vacíos',
      'El descanso debe estar dentro del horario activo',
    ]);
    expect(Object.assign({}, ...problems.map((p) => p.fields))).toEqual({
      ai_break_start: 'Fuera del horario activo',
      ai_break_end: 'Requerido',
    });
  });
  it('a lone break end past the hours is outside them; a lone time inside asks only for the other', () => {
    const late = crossFieldProblems({ ...base, ai_break_start: '', ai_break_end: '18:30' });
    expect(Object.assign({}, ...late.map((p) => p.fields))).toEqual({
      ai_break_start: 'Requerido',
      ai_break_end: 'Fuera del horario activo',
    });
    const inside = crossFieldProblems({ ...base, ai_break_start: '12:00', ai_break_end: '' });
    expect(inside.map((p) => p.fields)).toEqual([{ ai_break_end: 'Requerido' }]);
  });
  it('a break exactly at the edges is inside', () =>
    expect(crossFieldProblems({ ...base, ai_break_start: '08:00', ai_break_end: '17:00' })).toEqual([]));
});

describe('the partial body', () => {
  it('takes any subset and refuses unknown keys', () => {
    expect(updateSettingsBody.safeParse({ ai_sat: true }).success).toBe(true);
    const r = updateSettingsBody.safeParse({ ai_sat: true, otro: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Campo de configuración desconocido: otro');
  });
});
