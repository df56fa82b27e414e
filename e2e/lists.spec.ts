import { type Page, type Request } from '@playwright/test';
import { expect, loginViaUi, test } from './fixtures';
import { apiAs, type Agenda, type Patient } from './appointments-helpers';
import { untilStill } from './scroll-helpers';

/*
 * Long lists (issue 15, defect 18): Cola Diaria answers a page of the day from the server instead of every
 * appointment at once, and Cola de Espera shows a page of patients instead of a page thousands of pixels high;
 * in both the list's header stays in view while the rows scroll, at 1440×900 and at 390×844.
 */

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The app's header (sticky, 3.5rem): what stays in view must show below it. */
const APP_HEADER = 56;

type Api = Awaited<ReturnType<typeof apiAs>>;

/** The first weekday from `from` on (YYYY-MM-DD arithmetic in UTC: only the calendar matters). */
function weekdayFrom(from: string, plusDays: number): string {
  const d = new Date(`${from}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Whether an element is on screen, below the app's header. */
async function inView(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= APP_HEADER - 1 && box.y + box.height <= height;
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await untilStill(page.locator('body'));
}

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

/**
 * A day of `n` appointments no other flow uses: two new agendas (07:00–19:00, 15-minute slots) on a weekday
 * far ahead where the daily queue is empty, each filled by quick bookings of new patients.
 */
async function dayWith(api: Api, n: number): Promise<{ date: string; patients: Patient[]; ids: number[] }> {
  const models = (await api.futureAgendas()) as (Agenda & { location_id: number })[];
  const pairs = [...new Map(models.map((a) => [a.doctor_id, a])).values()].slice(0, 2);
  expect(pairs).toHaveLength(2);
  const today = models.reduce((min, a) => (a.date < min ? a.date : min), '9999-12-31');
  for (let offset = 150 + Math.floor(Math.random() * 60); offset < 400; offset += 3) {
    const date = weekdayFrom(today, offset);
    const booked = await api.get<unknown[]>(`/appointments?date=${date}&limit=1000`);
    const agendasThatDay = await api.get<Agenda[]>(`/availabilities?date=${date}`);
    if (booked.length > 0 || agendasThatDay.some((a) => pairs.some((p) => p.doctor_id === a.doctor_id)))
      continue;
    const agendas: number[] = [];
    for (const a of pairs) {
      const created = await api.post<{ id: number }>('/availabilities', {
        location_id: a.location_id,
        specialty_id: a.specialty_id,
        doctor_id: a.doctor_id,
        date,
        start_time: '07:00',
        end_time: '19:00',
        capacity: 48,
        duration_minutes: 15,
      });
      agendas.push(created.id);
    }
    const patients: Patient[] = [];
    for (let k = 0; k < n; k += 10)
      patients.push(
        ...(await Promise.all(Array.from({ length: Math.min(10, n - k) }, () => api.newPatient()))),
      );
    const ids: number[] = [];
    // One chain of bookings per agenda: each takes the agenda's next free time.
    await Promise.all(
      agendas.map(async (agenda, i) => {
        for (const p of patients.filter((_, k) => k % agendas.length === i)) {
          const booked = await api.post<{ id: number }>('/appointments', {
            patient_id: p.id,
            availability_id: agenda,
            duration_minutes: 15,
            reason: 'Control de rutina',
          });
          ids.push(booked.id);
        }
      }),
    );
    return { date, patients, ids };
  }
  throw new Error('Ningún día libre para la prueba');
}

test.describe('Listas largas', () => {
  test.describe.configure({ timeout: 240_000 });

  test('Cola Diaria: una página del día desde el servidor, encabezado a la vista, el resto alcanzable', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const { date, patients, ids } = await dayWith(api, 60);
    const cancelled = patients[7]!;
    const cancelledId = (await api.appointmentsOf(cancelled.id))[0]!.id;
    await api.post(`/appointments/${cancelledId}/cancel`, { reason: 'El paciente avisó' }, 200);
    expect(ids).toHaveLength(60);

    await page.setViewportSize(WIDE);
    await loginViaUi(page);
    const isFirst = (u: string) => u.includes('/api/appointments/daily-queue') && u.includes(`date=${date}`);
    const firstAnswer = page.waitForResponse((r) => isFirst(r.url()), { timeout: 30_000 });
    let asked = 0;
    const onRequest = (r: Request) => {
      if (!asked && isFirst(r.url())) asked = Date.now();
    };
    page.on('request', onRequest);
    await page.goto(`/daily-queue?date=${date}`);
    const rows = page.getByTestId('daily-row');
    await expect(rows.first()).toBeVisible();
    // From the request to the rows on screen (the app's own start is not the list's).
    const shownAfter = Date.now() - asked;
    page.off('request', onRequest);

    // The first screen is one page asked of the server, with the day's counters.
    const answer = await firstAnswer;
    const url = new URL(answer.url());
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('limit')).toBe('25');
    const body = (await answer.json()) as {
      data: { total: number; stats: { total: number; cancelada: number }; appointments: unknown[] };
    };
    expect(body.data.appointments).toHaveLength(25);
    expect(body.data).toMatchObject({ total: 60, stats: { total: 60, cancelada: 1 } });
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId('daily-count')).toHaveText('60 de 60 citas');
    await expect(page.getByText('Mostrando 1–25 de 60 citas')).toBeVisible();
    expect(shownAfter, 'the first page on screen within 5 s of asking for it').toBeLessThan(5_000);

    // Scrolled to the end of the page, the column header is still in view.
    const hora = page.getByRole('columnheader', { name: 'Hora' });
    await scrollToBottom(page);
    expect(await inView(page, rows.last())).toBe(true);
    expect(await inView(page, hora)).toBe(true);

    // Every appointment is on exactly one page.
    const seen: string[] = [];
    for (const n of [1, 2, 3]) {
      if (n > 1) await page.getByRole('button', { name: `Página ${n}`, exact: true }).click();
      await expect(rows.first().getByRole('cell').first()).toHaveText(String((n - 1) * 25 + 1));
      await expect(rows).toHaveCount(n < 3 ? 25 : 10);
      seen.push(...(await rows.allInnerTexts()));
    }
    for (const p of patients)
      expect(
        seen.filter((t) => t.includes(p.name)),
        p.name,
      ).toHaveLength(1);

    // Search and status are the server's: the count says how many of the day's match.
    const search = page.getByRole('searchbox', { name: 'Buscar paciente, documento o doctor' });
    await search.fill(patients[42]!.document);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(patients[42]!.name);
    await expect(page.getByTestId('daily-count')).toHaveText('1 de 60 citas');
    await search.fill('');
    await page.getByRole('combobox', { name: 'Filtrar por estado' }).click();
    await page.getByRole('option', { name: 'Cancelada', exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(cancelled.name);
    await expect(page.getByTestId('daily-count')).toHaveText('1 de 60 citas');

    // On a phone: cards, and the toolbar with the search and the pages stays in view.
    await page.setViewportSize(PHONE);
    await page.goto(`/daily-queue?date=${date}`);
    await expect(rows).toHaveCount(25);
    await scrollToBottom(page);
    expect(await inView(page, page.getByRole('searchbox', { name: /Buscar paciente/ }))).toBe(true);
    await page.getByRole('button', { name: 'Ir a la página siguiente' }).click();
    await expect(page.getByRole('navigation', { name: 'Páginas de citas' })).toContainText('2 / 3');
    await expect(rows.first()).toContainText('26.');
  });

  test('Cola de Espera: una página de pacientes, no miles de píxeles, con el encabezado a la vista', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const [model] = await api.futureAgendas();
    const specialty = { id: model!.specialty_id, name: model!.specialty_name };
    // Baja and newest: they queue after everyone already waiting for the specialty, in this order.
    const waiting: Patient[] = [];
    for (let k = 0; k < 32; k++) {
      const p = await api.newPatient();
      await api.post('/queue', {
        patient_id: p.id,
        specialty_id: specialty.id,
        priority_level: 'Baja',
        reason: 'Control de rutina',
      });
      waiting.push(p);
    }
    const heading = page.getByRole('heading', { level: 2, name: new RegExp(`^${specialty.name}`) });
    const entries = page.getByTestId('queue-entry');

    await page.setViewportSize(WIDE);
    await loginViaUi(page);
    await page.goto('/queue');
    await expect(page.getByRole('heading', { level: 1, name: 'Cola de Espera' })).toBeVisible();
    await expect(entries).toHaveCount(10);
    expect(await pageHeight(page), 'the whole queue on one page').toBeLessThan(3 * WIDE.height);

    await page.getByRole('combobox', { name: 'Filtrar por especialidad' }).click();
    await page.getByRole('option', { name: specialty.name, exact: true }).click();
    await expect(entries).toHaveCount(10);
    expect(await pageHeight(page), 'one specialty').toBeLessThan(2 * WIDE.height);
    await scrollToBottom(page);
    expect(await inView(page, entries.last())).toBe(true);
    expect(await inView(page, heading)).toBe(true);

    // The last page holds the last to arrive.
    const pager = page.getByRole('navigation', { name: 'Paginación de pacientes' });
    const forward = pager.getByRole('button', { name: 'Página siguiente' });
    while (await forward.isEnabled()) await forward.click();
    await expect(entries.last()).toContainText(waiting.at(-1)!.name);

    // On a phone: five a page, the specialty's header still in view at the end of the page.
    await page.setViewportSize(PHONE);
    await page.reload();
    await page.getByRole('combobox', { name: 'Filtrar por especialidad' }).click();
    await page.getByRole('option', { name: specialty.name, exact: true }).click();
    await expect(entries).toHaveCount(5);
    expect(await pageHeight(page), 'one specialty on a phone').toBeLessThan(3 * PHONE.height);
    await scrollToBottom(page);
    expect(await inView(page, entries.last())).toBe(true);
    expect(await inView(page, heading)).toBe(true);
  });
});
