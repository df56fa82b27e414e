import { describe, expect, it } from 'vitest';
import { diffValues, sameJson, showValue } from './diff';

describe('diffValues', () => {
  it('marks the changed fields of an update, nested values compared deeply', () => {
    const rows = diffValues(
      { name: 'Ana', status: 'Activo', slots: { booked: 2, capacity: 8 }, tags: ['a'] },
      {
        name: 'Ana María',
        status: 'Activo',
        slots: { capacity: 8, booked: 2 },
        tags: ['a', 'b'],
        phone: '300',
      },
    );
    expect(rows.map((r) => [r.key, r.changed])).toEqual([
      ['name', true],
      ['status', false],
      ['slots', false],
      ['tags', true],
      ['phone', true],
    ]);
    expect(rows.at(-1)).toMatchObject({ hasBefore: false, hasAfter: true, after: '300' });
  });

  it('shows a creation and a deletion as one side only', () => {
    expect(diffValues(null, { name: 'Ana' })).toEqual([
      { key: 'name', before: undefined, after: 'Ana', hasBefore: false, hasAfter: true, changed: true },
    ]);
    expect(diffValues({ id: 3 }, null)[0]).toMatchObject({ hasBefore: true, hasAfter: false, changed: true });
    expect(diffValues('x', 'y')[0]).toMatchObject({ key: 'valor', before: 'x', after: 'y', changed: true });
  });

  it('compares and shows JSON values', () => {
    expect(sameJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(showValue(null)).toBe('—');
    expect(showValue(true)).toBe('Sí');
    expect(showValue('')).toBe('(vacío)');
    expect(showValue({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('showFieldValue', () => {
  it('shows instants in the organisation time and roles by their Spanish name', async () => {
    const { showFieldValue } = await import('./field-labels');
    expect(showFieldValue('created_at', '2026-11-24T11:01:37.087Z', 'America/Bogota')).toBe(
      '24/11/2026 06:01:37',
    );
    expect(showFieldValue('role', 'reception', 'America/Bogota')).toBe('Recepcionista');
    expect(showFieldValue('name', 'agent', 'America/Bogota')).toBe('agent');
    expect(showFieldValue('date', '2026-11-24', 'America/Bogota')).toBe('2026-11-24');
  });
});
