import { readFile } from 'node:fs/promises';
import { type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect } from './fixtures';

type Json = Record<string, unknown>;
export interface Choice {
  doctor: string;
  specialty: string;
  location: string;
}

export async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

export const adminToken = (request: APIRequestContext) => apiLogin(request, ACCOUNTS.admin);

/** 'YYYY-MM-DD' arithmetic in UTC, so the machine's zone cannot shift a day. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();
export const isWeekday = (day: string) => weekday(day) >= 1 && weekday(day) <= 5;

/** Today in the organisation's zone (the demo's America/Bogota). */
export function orgToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Bogota' }).format(new Date());
}

/** Minutes since midnight in Bogotá at `now`. */
function bogotaMinutes(now: Date): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Bogota',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number) as [number, number];
  return h * 60 + m;
}

/**
 * The day's last minutes in Bogotá in which tonightBlock leaves too little room (it starts 10 to 15 minutes ahead and
 * ends by 23:55): from 23:35 on, its hour would be 10 minutes or less.
 */
const LATE_MINUTES = 25;

/**
 * How long a flow that books tonight must wait for Bogotá's next day at `now`: none before 23:35, else until half a
 * minute past midnight (at most about 25 minutes).
 */
function waitForTimeLeftToday(now: Date): number {
  const left = 24 * 60 - bogotaMinutes(now);
  return left > LATE_MINUTES ? 0 : (left * 60 - now.getUTCSeconds() + 30) * 1000;
}

/**
 * Called first by a flow that books tonight (tonightBlock): run in the day's last 25 minutes, it waits for the next
 * day and lengthens the test's timeout by as much, so that a run at any hour books and finds "today".
 */
export async function untilTimeLeftToday(testInfo: TestInfo): Promise<void> {
  const ms = waitForTimeLeftToday(new Date());
  if (ms === 0) return;
  testInfo.setTimeout(testInfo.timeout + ms);
  await new Promise((r) => setTimeout(r, ms));
}

/**
 * An hour tonight for a flow's own one-slot agenda: 21:00–22:00, or, once that has begun, an hour that starts a
 * few minutes from now (ending by 23:55), so that a flow run late in Bogotá's evening still books today.
 */
export function tonightBlock(): { start_time: string; end_time: string; duration_minutes: number } {
  const soon = Math.ceil((bogotaMinutes(new Date()) + 10) / 5) * 5;
  const start = Math.max(21 * 60, soon);
  const end = Math.min(start + 60, 23 * 60 + 55);
  const hhmm = (x: number) =>
    `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
  return { start_time: hhmm(start), end_time: hhmm(end), duration_minutes: end - start };
}

/** A weekday at least `minDays` ahead that is no public holiday. */
export async function futureWorkingDay(request: APIRequestContext, token: string, minDays: number) {
  const from = addDays(orgToday(), minDays);
  const holidays = await apiGet<{ date: string }[]>(
    request,
    token,
    `/holidays?start_date=${from}&end_date=${addDays(from, 30)}`,
  );
  const off = new Set(holidays.map((h) => h.date));
  let d = from;
  while (!isWeekday(d) || off.has(d)) d = addDays(d, 1);
  return d;
}

/**
 * A doctor who practises a specialty at a location that offers it, read from the API's own cascading
 * options (never hard-coded names, so a change of demo data does not break the flow).
 */
export async function pickCombination(request: APIRequestContext, token: string): Promise<Choice> {
  const all = await apiGet<{
    doctors: { id: number; name: string; specialty_ids: number[]; location_ids: number[] }[];
    specialties: { id: number; name: string }[];
    locations: { id: number; name: string }[];
  }>(request, token, '/availabilities/smart-options');
  for (const d of all.doctors)
    for (const s of d.specialty_ids)
      for (const l of d.location_ids) {
        const narrowed = await apiGet<{ doctors: { id: number }[] }>(
          request,
          token,
          `/availabilities/smart-options?location_id=${l}&specialty_id=${s}`,
        );
        if (narrowed.doctors.some((x) => x.id === d.id))
          return {
            doctor: d.name,
            specialty: all.specialties.find((x) => x.id === s)!.name,
            location: all.locations.find((x) => x.id === l)!.name,
          };
      }
  throw new Error('Los datos de demostración no tienen ningún doctor con especialidad y sede');
}

/** The next weekday whose daily export has Confirmada appointments of at least two doctors. */
export async function busyExportDay(request: APIRequestContext, token: string) {
  for (let i = 1; i <= 21; i++) {
    const day = addDays(orgToday(), i);
    if (!isWeekday(day)) continue;
    const data = await apiGet<{ doctor_name: string; appointments: { status: string }[] }[]>(
      request,
      token,
      `/availabilities/daily-export?date=${day}`,
    );
    const withConfirmed = data.filter((d) => d.appointments.some((a) => a.status === 'Confirmada'));
    if (withConfirmed.length >= 2)
      return { day, doctors: data.filter((d) => d.appointments.length > 0).map((d) => d.doctor_name) };
  }
  throw new Error('No hay un día próximo con citas confirmadas de dos doctores');
}

export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the day through the month calendar (moving months from today's); the week navigator follows. */
export async function selectDay(page: Page, day: string) {
  const summary = page.getByRole('region', { name: 'Resumen del mes' });
  const today = orgToday();
  const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
  // The calendar opens on today's month (or the selected day's); go back to today's first.
  const diff = months(day) - months(today);
  for (let i = 0; i < Math.abs(diff); i++)
    await summary.getByRole('button', { name: diff > 0 ? 'Mes siguiente' : 'Mes anterior' }).click();
  await summary.getByRole('button', { name: new RegExp(`^${Number(day.slice(8))}: `) }).click();
  await expect(page.getByRole('region', { name: 'Agendas del Día Seleccionado' })).toBeVisible();
}

export const readBytes = (path: string) => readFile(path);
export type { Json };
