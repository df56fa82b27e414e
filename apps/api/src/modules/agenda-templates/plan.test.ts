import { describe, expect, it } from 'vitest';
import { DoctorDays, planTemplate, type PlanInput } from './plan';

// 2030-01-07 is a Monday.
const base: PlanInput = {
  templateId: 1,
  doctorId: 10,
  daysOfWeek: [1, 2, 3, 4, 5],
  slots: [
    { start: '08:00', end: '12:00', capacity: 4 },
    { start: '14:00', end: '18:00', capacity: 2 },
  ],
  start: '2030-01-07',
  end: '2030-01-13',
  holidays: new Map([['2030-01-08', 'Festivo de prueba']]),
  skipExisting: true,
  today: '2030-01-07',
  nowMinutes: 9 * 60,
};

describe('planTemplate', () => {
  it('skips today’s started slots, holidays and crossings; weekends are not listed', () => {
    const days = new DoctorDays();
    days.add(10, { date: '2030-01-09', start: '17:00:00', end: '19:00:00' });
    days.add(11, { date: '2030-01-10', start: '08:00', end: '12:00' }); // another doctor: no effect
    const plan = planTemplate(base, days);
    expect(plan.planned.map((p) => `${p.date} ${p.start_time}`)).toEqual([
      '2030-01-07 14:00',
      '2030-01-09 08:00',
      '2030-01-10 08:00',
      '2030-01-10 14:00',
      '2030-01-11 08:00',
      '2030-01-11 14:00',
    ]);
    expect(plan.skipped.map((s) => [s.date, s.start_time, s.kind, s.reason])).toEqual([
      ['2030-01-07', '08:00', 'past', 'Horario ya pasado'],
      ['2030-01-08', null, 'holiday', 'Festivo: Festivo de prueba'],
      [
        '2030-01-09',
        '14:00',
        'existing',
        'El doctor ya tiene una agenda que se cruza con ese horario (17:00–19:00)',
      ],
    ]);
    expect(plan.clashes).toEqual([]);
  });

  it('a block may start when another ends; without skip_existing a crossing is a clash', () => {
    const days = new DoctorDays();
    days.add(10, { date: '2030-01-09', start: '12:00', end: '14:00' });
    days.add(10, { date: '2030-01-10', start: '11:59', end: '12:30' });
    const plan = planTemplate(
      {
        ...base,
        holidays: null,
        skipExisting: false,
        start: '2030-01-09',
        end: '2030-01-10',
        today: '2030-01-01',
      },
      days,
    );
    expect(plan.planned.map((p) => `${p.date} ${p.start_time}`)).toEqual([
      '2030-01-09 08:00',
      '2030-01-09 14:00',
      '2030-01-10 14:00',
    ]);
    expect(plan.clashes.map((c) => [c.date, c.start_time])).toEqual([['2030-01-10', '08:00']]);
    expect(plan.skipped).toEqual([]);
  });

  it('what one template plans, the next one of the same doctor sees', () => {
    const days = new DoctorDays();
    const first = planTemplate({ ...base, holidays: null, today: '2030-01-01', end: '2030-01-07' }, days);
    const second = planTemplate(
      { ...base, templateId: 2, holidays: null, today: '2030-01-01', end: '2030-01-07' },
      days,
    );
    expect(first.planned).toHaveLength(2);
    expect(second.planned).toHaveLength(0);
    expect(second.skipped.map((s) => s.kind)).toEqual(['existing', 'existing']);
  });
});
