import { describe, expect, it } from 'vitest';
import { normalizePhone } from '@ips/shared/schemas/calls';
import { parseRange } from './audio';
import { csvCell } from '../../lib/csv-stream';

describe('parseRange', () => {
  it('reads the forms players send, clips the end, refuses what cannot be served', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ kind: 'partial', start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', start: 50, end: 99 });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'full' });
    for (const bad of ['bytes=100-', 'bytes=9-3', 'bytes=-0', 'bytes=-', 'items=0-1', 'bytes=a-b'])
      expect(parseRange(bad, 100), bad).toEqual({ kind: 'invalid' });
  });
});

describe('csvCell', () => {
  it('quotes what needs it and neutralises formulas', () => {
    expect(csvCell('Ana')).toBe('Ana');
    expect(csvCell('Pérez; Ana')).toBe('"Pérez; Ana"');
    expect(csvCell('di "hola"')).toBe('"di ""hola"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell(null)).toBe('');
  });
});

describe('normalizePhone', () => {
  it('writes Colombian numbers as +57 and the national number', () => {
    expect(normalizePhone('310 555 1234')).toBe('+573105551234');
    expect(normalizePhone('(310) 555-1234')).toBe('+573105551234');
    expect(normalizePhone('573105551234')).toBe('+573105551234');
    expect(normalizePhone('+57 310 555 1234')).toBe('+573105551234');
    expect(normalizePhone('601 555 1234')).toBe('+576015551234');
    expect(normalizePhone('+1 415 555 0100')).toBe('+14155550100');
    expect(normalizePhone('123')).toBeNull();
  });
});
