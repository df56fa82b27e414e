import { describe, expect, it } from 'vitest';
import { splitAppointments } from './split-appointments';

const tz = 'America/Bogota';
const appt = (id: number, scheduled_at: string) => ({ id, scheduled_at, status: 'Confirmada' });

describe('splitAppointments', () => {
  it('puts now-or-later ascending in upcoming and earlier descending in history, in the org timezone', () => {
    // 2026-03-10 10:00 in Bogotá is 15:00 UTC.
    const now = new Date('2026-03-10T15:00:00Z');
    const { upcoming, history } = splitAppointments(
      [
        appt(1, '2026-03-09 08:00:00'),
        appt(2, '2026-03-12 09:30:00'),
        appt(3, '2026-03-10 10:00:00'),
        appt(4, '2026-03-10T09:59:00'),
        appt(5, '2026-01-02 07:00:00'),
      ],
      tz,
      now,
    );
    expect(upcoming.map((a) => a.id)).toEqual([3, 2]);
    expect(history.map((a) => a.id)).toEqual([4, 1, 5]);
  });
});
