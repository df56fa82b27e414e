import { describe, expect, it } from 'vitest';
import { foldText, PDF_REASON_MAX, truncateText } from './text';

describe('reason truncation', () => {
  it('keeps reasons of up to 40 characters whole', () => {
    const exact = 'x'.repeat(40);
    expect(truncateText(exact)).toBe(exact);
    expect(truncateText('Control de presión arterial')).toBe('Control de presión arterial');
  });

  it('cuts longer reasons to 40 characters including the ellipsis', () => {
    const long = 'Dolor abdominal persistente desde hace tres semanas con náuseas';
    const cut = truncateText(long);
    expect(Array.from(cut).length).toBeLessThanOrEqual(PDF_REASON_MAX);
    expect(cut).toBe('Dolor abdominal persistente desde hace…');
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });

  it('does not leave a space before the ellipsis', () => {
    const text = `${'a'.repeat(38)} bbbbbbbb`;
    expect(truncateText(text)).toBe(`${'a'.repeat(38)}…`);
  });

  it('collapses line breaks and treats null as empty', () => {
    expect(truncateText('Primera\n\nlínea  y   más')).toBe('Primera línea y más');
    expect(truncateText(null)).toBe('');
    expect(truncateText(undefined)).toBe('');
  });

  it('counts accents and emoji as one character each', () => {
    const text = 'ñ'.repeat(45);
    expect(Array.from(truncateText(text))).toHaveLength(40);
    expect(truncateText('😀'.repeat(41), 5)).toBe('😀😀😀😀…');
  });
});

describe('foldText', () => {
  it('ignores case and accents', () => {
    expect(foldText('José ÁLVAREZ Núñez')).toBe('jose alvarez nunez');
  });
});
