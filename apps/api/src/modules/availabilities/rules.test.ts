import { describe, expect, it } from 'vitest';
import { canStartAfter } from './rules';

describe('canStartAfter', () => {
  const agenda = { date: '2026-11-24', endTime: '18:00:00', durationMinutes: 20 };
  it('offers today until the last start, not after', () => {
    expect(canStartAfter(agenda, '2026-11-24', 17 * 60 + 40)).toBe(true);
    expect(canStartAfter(agenda, '2026-11-24', 17 * 60 + 41)).toBe(false);
    expect(canStartAfter(agenda, '2026-11-24', 21 * 60)).toBe(false);
  });
  it('offers any later day whatever the hour, and no earlier day', () => {
    expect(canStartAfter({ ...agenda, date: '2026-11-25' }, '2026-11-24', 23 * 60)).toBe(true);
    expect(canStartAfter({ ...agenda, date: '2026-11-23' }, '2026-11-24', 0)).toBe(false);
  });
});
