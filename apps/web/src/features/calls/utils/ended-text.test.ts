import { describe, expect, it } from 'vitest';
import { endedText } from './ended-text';

describe('endedText', () => {
  const tz = 'America/Bogota';
  const now = new Date('2026-12-07T15:00:00Z'); // 10:00 in Bogotá
  it('shows only the time for a call that ended today', () => {
    expect(endedText('2026-12-07T13:05:00Z', now, tz)).toBe('08:05');
  });
  it('shows the date of a call that ended on an earlier day, even the same UTC day', () => {
    // 04:30 UTC on the 7th is 23:30 on the 6th in Bogotá.
    expect(endedText('2026-12-07T04:30:00Z', now, tz)).toBe('06/12/2026 23:30');
    expect(endedText('2026-12-04T20:10:00Z', now, tz)).toBe('04/12/2026 15:10');
  });
});
