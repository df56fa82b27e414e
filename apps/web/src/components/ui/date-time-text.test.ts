import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  addMinutesToTime,
  dateInRange,
  dateToText,
  maskDateTyping,
  maskTimeTyping,
  textToDate,
  textToTime,
  timeToText,
} from './date-time-text';

describe('dates as dd/mm/aaaa', () => {
  it('shows the form value day first', () => {
    expect(dateToText('2026-03-05')).toBe('05/03/2026');
    expect(dateToText('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    expect(dateToText('')).toBe('');
    expect(dateToText('2026-02-30')).toBe('');
  });

  it('reads what a receptionist types', () => {
    expect(textToDate('05/03/2026')).toBe('2026-03-05');
    expect(textToDate('5/3/2026')).toBe('2026-03-05');
    expect(textToDate('05-03-2026')).toBe('2026-03-05');
    expect(textToDate('05.03.2026')).toBe('2026-03-05');
    expect(textToDate('05032026')).toBe('2026-03-05');
    expect(textToDate(' 2026-03-05 ')).toBe('2026-03-05');
  });

  it('is empty for what is not a whole, real day (never mm/dd)', () => {
    for (const t of ['', '05/03', '05/03/26', '31/02/2026', '12/13/2026', '00/01/2026', 'hoy', '2026/03/05'])
      expect(textToDate(t), t).toBe('');
    expect(textToDate('29/02/2028')).toBe('2028-02-29');
    expect(textToDate('29/02/2027')).toBe('');
  });

  it('puts the slashes in while typing', () => {
    const typed = (keys: string) => [...keys].reduce((text, k) => maskDateTyping(text + k), '');
    expect(typed('15032026')).toBe('15/03/2026');
    expect(typed('150320261')).toBe('15/03/2026');
    expect(typed('150')).toBe('15/0');
    expect(typed('1/3/2026')).toBe('01/03/2026');
    expect(typed('15//03')).toBe('15/03');
    expect(typed('532026')).toBe('05/03/2026');
    expect(typed('3512')).toBe('03/05/12');
    expect(typed('1')).toBe('1');
    expect(typed('12')).toBe('12');
    expect(typed('121')).toBe('12/1');
    expect(maskDateTyping('15/03/')).toBe('15/03/');
    expect(maskDateTyping('15/0')).toBe('15/0');
    expect(maskDateTyping('2026-03-05')).toBe('05/03/2026');
  });

  it('moves and bounds days', () => {
    expect(addDaysToDate('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDaysToDate('2026-01-01', -1)).toBe('2025-12-31');
    expect(dateInRange('2026-03-05', '2026-03-01', '2026-03-31')).toBe(true);
    expect(dateInRange('2026-02-28', '2026-03-01')).toBe(false);
    expect(dateInRange('', '2026-03-01')).toBe(false);
  });
});

describe('times as HH:MM, 24 hours', () => {
  it('shows the form value without seconds', () => {
    expect(timeToText('07:30')).toBe('07:30');
    expect(timeToText('07:30:00')).toBe('07:30');
    expect(timeToText('18:00')).toBe('18:00');
    expect(timeToText('24:00')).toBe('');
    expect(timeToText('')).toBe('');
  });

  it('reads what a receptionist types', () => {
    expect(textToTime('7:30')).toBe('07:30');
    expect(textToTime('0730')).toBe('07:30');
    expect(textToTime('18.45')).toBe('18:45');
    for (const t of ['', '25:00', '7:60', '7:3', 'tarde', '7:30 PM', '14', '730'])
      expect(textToTime(t), t).toBe('');
  });

  it('on leaving the field, also reads a bare hour and three digits', () => {
    expect(textToTime('14', true)).toBe('14:00');
    expect(textToTime('7', true)).toBe('07:00');
    expect(textToTime('730', true)).toBe('07:30');
    expect(textToTime('07:', true)).toBe('');
    expect(textToTime('25', true)).toBe('');
  });

  it('puts the colon in while typing', () => {
    const typed = (keys: string) => [...keys].reduce((text, k) => maskTimeTyping(text + k), '');
    expect(typed('0730')).toBe('07:30');
    expect(typed('07301')).toBe('07:30');
    expect(typed('7:30')).toBe('07:30');
    expect(typed('18')).toBe('18');
    expect(typed('184')).toBe('18:4');
    expect(typed('730')).toBe('07:30');
    expect(typed('7')).toBe('07:');
    expect(typed('19:00')).toBe('19:00');
    expect(typed('1')).toBe('1');
    expect(typed('25')).toBe('02:5');
  });

  it('steps minutes round the clock', () => {
    expect(addMinutesToTime('07:55', 5)).toBe('08:00');
    expect(addMinutesToTime('23:55', 5)).toBe('00:00');
    expect(addMinutesToTime('00:00', -5)).toBe('23:55');
  });
});
