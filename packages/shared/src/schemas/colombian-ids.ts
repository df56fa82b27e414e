import { z } from 'zod';

// Colombian provider identifiers: the NIT with its DIAN check digit and the REPS habilitation code (settings, billing).

/** DIAN's weights for the NIT check digit, applied from the rightmost digit of the number. */
const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71] as const;

/** The DIAN check digit (modulo 11) of a NIT's digits, without the digit itself. */
export function nitCheckDigit(digits: string): number {
  let sum = 0;
  const rev = [...digits].reverse();
  rev.forEach((d, i) => (sum += Number(d) * NIT_WEIGHTS[i]!));
  const r = sum % 11;
  return r > 1 ? 11 - r : r;
}

/** A NIT to show as an example: its check digit is DIAN's (8), so a user who copies it is not refused. */
export const NIT_EXAMPLE = '900.123.456-8';
export const NIT_FORMAT_MESSAGE =
  'El NIT debe tener el formato 900123456-8 (número y dígito de verificación)';
export const NIT_CHECK_DIGIT_MESSAGE = 'El dígito de verificación del NIT no coincide con el número';

/** 'NNNNNNNNN-D' with or without thousands dots and spaces → 'NNNNNNNNN-D', or null when it is not that shape. */
export function normaliseNit(text: string): { digits: string; dv: number } | null {
  const m = /^(\d{1,3}(?:\.\d{3})+|\d{5,15})\s*-\s*(\d)$/.exec(text.trim());
  if (!m) return null;
  const digits = m[1]!.replace(/\./g, '');
  if (digits.length < 5 || digits.length > 15) return null;
  return { digits, dv: Number(m[2]) };
}

export const nit = z.string().transform((v, ctx) => {
  if (v.trim() === '') return '';
  const n = normaliseNit(v);
  if (!n) {
    ctx.addIssue({ code: 'custom', message: NIT_FORMAT_MESSAGE });
    return z.NEVER;
  }
  if (nitCheckDigit(n.digits) !== n.dv) {
    ctx.addIssue({ code: 'custom', message: NIT_CHECK_DIGIT_MESSAGE });
    return z.NEVER;
  }
  return `${n.digits}-${n.dv}`;
});

export const codPrestador = z
  .string()
  .trim()
  .regex(/^(\d{12})?$/, 'El código de habilitación REPS (cod_prestador) debe tener exactamente 12 dígitos');
