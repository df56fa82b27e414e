import { describe, expect, it } from 'vitest';
import { NIT_EXAMPLE, NIT_FORMAT_MESSAGE, nit, nitCheckDigit } from './colombian-ids';

describe('the NIT examples shown to users', () => {
  it('the hint of Configuración passes the NIT check (DIAN check digit)', () => {
    expect(nit.safeParse(NIT_EXAMPLE)).toEqual({ success: true, data: '900123456-8' });
  });

  it('the example inside the format message passes it too', () => {
    const example = /\d{5,15}-\d/.exec(NIT_FORMAT_MESSAGE)?.[0];
    expect(example).toBeDefined();
    expect(nit.safeParse(example).success).toBe(true);
  });

  it('900123456 has check digit 8 and the old example 900.123.456-7 is refused', () => {
    expect(nitCheckDigit('900123456')).toBe(8);
    expect(nit.safeParse('900.123.456-7').success).toBe(false);
  });
});
