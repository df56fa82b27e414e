/**
 * Keyboard-first booking (issue 24): how many actions and how much time a receptionist needs to book a returning
 * patient from the Panel by the fastest path, in Debian's Chromium against the built app on a fresh embedded
 * database in demo mode (as the e2e flows run it).
 *
 * `--n` (default 20) different returning patients are booked once with mouse and keyboard and `--n` others once
 * by keyboard alone (e2e/booking-path.ts: each click, typed string and key press counts; the time runs from the
 * first action to the confirmation on screen). Goal: median ≤ 6 actions with the mouse, ≤ 8 keyboard only, every
 * patient booked, p95 from the first action to the confirmation ≤ 2 s. Appends its table to bench/RESULTS.md
 * unless --no-results. Builds the app first unless --no-build.
 *
 *   npx tsx bench/booking-actions.ts [--n=20] [--no-build] [--no-results]
 */
import { execSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import globalSetup from '../e2e/global-setup';
import { bookReturningPatient, returningPatients, type BookingRun } from '../e2e/booking-path';
import { ACCOUNTS, loginViaUi } from '../e2e/fixtures';
import { CHROMIUM_ARGS } from '../e2e/playwright.config';
import { machineLine, median, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const N = Number(args.n ?? 20);
const GOAL = { mouse: 6, keyboard: 8, p95: 2000 };

if (args['no-build'] !== 'true') execSync('npm run build', { stdio: 'inherit' });
const teardown = await globalSetup();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const before = uptime();
const runs: BookingRun[] = [];
try {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 1440, height: 900 },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  const page = await context.newPage();
  const patients = await returningPatients(page, 2 * N);
  await loginViaUi(page, ACCOUNTS.reception);
  for (const [i, patient] of patients.entries()) {
    const mode = i < N ? 'mouse' : 'keyboard';
    let run: BookingRun;
    try {
      run = await bookReturningPatient(page, patient, mode);
    } catch (err) {
      // A booking the path could not finish counts as not booked; the page is shown for a look and reloaded.
      const shot = join(tmpdir(), `booking-actions-${mode}-${i}.png`);
      await page.screenshot({ path: shot });
      console.log(`${mode}: ${patient.name} no terminó (${shot}): ${String(err).split('\n')[0]}`);
      run = {
        patient,
        mode,
        clicks: 0,
        typed: 0,
        keys: 0,
        actions: NaN,
        ms: NaN,
        booked: false,
        focusReturned: false,
      };
      await page.goto('/');
    }
    runs.push(run);
    console.log(
      `${mode.padEnd(8)} ${String(run.actions).padStart(2)} acciones ${ms(run.ms).padStart(7)} ms ${run.booked ? 'agendada' : 'NO agendada'} ${patient.specialty}`,
    );
  }
} finally {
  await browser.close();
  await teardown();
}
const after = uptime();

const rows = (['mouse', 'keyboard'] as const).map((mode) => {
  const r = runs.filter((x) => x.mode === mode);
  const done = r.filter((x) => x.booked);
  const actions = done.map((x) => x.actions);
  const times = done.map((x) => x.ms);
  const booked = done.length;
  const focus = r.filter((x) => x.focusReturned).length;
  const medianActions = median(actions);
  const met =
    medianActions <= GOAL[mode] && booked === r.length && r.length === N && pct(times, 95) <= GOAL.p95;
  return [
    mode === 'mouse' ? 'mouse and keyboard' : 'keyboard only',
    r.length,
    `${medianActions} (max ${Math.max(...actions)})`,
    `${median(r.map((x) => x.clicks))} / ${median(r.map((x) => x.typed))} / ${median(r.map((x) => x.keys))}`,
    `${booked} of ${r.length}`,
    `${ms(median(times))} / ${ms(pct(times, 95))} / ${ms(Math.max(...times))}`,
    `${focus} of ${r.length}`,
    `≤ ${GOAL[mode]} actions, all booked, p95 ≤ ${GOAL.p95} ms: ${met ? 'met' : '**missed**'}`,
  ];
});

report(
  [
    `## ${stamp()} UTC — keyboard-first booking (bench/booking-actions.ts)`,
    '',
    `${await machineLine()}, Debian Chromium (headless, 1440×900). The built app on a fresh embedded database in ` +
      `demo mode; signed in as reception on the Panel. ${N} returning patients (a completed appointment, in a ` +
      `specialty with bookable agendas ahead, found alone by their document) booked in that specialty with 'Nueva ` +
      `Cita' (smart assignment), then ${N} others by keyboard alone. Mouse and keyboard: click 'Nueva Cita', type ` +
      `the document, click the patient, type the specialty, click it, click 'Asignar Cita'. Keyboard: Alt+N, type, ` +
      `Enter, type, Enter, Ctrl+Enter. Escape closes the result (not counted). \`uptime\` before: \`${before}\`; ` +
      `after: \`${after}\`.`,
    '',
    ...table(
      [
        'path',
        'bookings',
        'actions (median)',
        'clicks / typed strings / keys (median)',
        'booked',
        'first action → confirmation, ms (p50 / p95 / max)',
        'focus back after Escape',
        'goal',
      ],
      rows,
    ),
  ],
  args,
);
