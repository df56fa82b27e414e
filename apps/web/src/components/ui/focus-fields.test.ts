import { describe, expect, it } from 'vitest';
import { nextFieldIndex } from './focus-fields';

const f = (empty: boolean, required = false) => ({ empty, required });

describe('nextFieldIndex', () => {
  it('goes to the first empty required field, past empty optional ones', () => {
    // Smart assignment after the patient: Especialidad (required, empty) before Motivo (optional, empty).
    expect(nextFieldIndex([f(false), f(true), f(true, true), f(true)])).toBe(2);
  });

  it('goes to the first empty field when every required one is filled', () => {
    // Manual booking after the patient: the time was suggested, the reason is still empty.
    expect(nextFieldIndex([f(false, true), f(false), f(true), f(true)])).toBe(2);
  });

  it('finds nothing when everything is filled (the caller goes to the primary action)', () => {
    expect(nextFieldIndex([f(false, true), f(false)])).toBe(-1);
    expect(nextFieldIndex([])).toBe(-1);
  });
});
