import { type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { settle } from './a11y-helpers';
import { adminToken, apiGet, choose, futureWorkingDay, pickCombination } from './agendas-helpers';
import { apiAs, type Agenda } from './appointments-helpers';
import { fillDate, fillTime } from './field-helpers';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { findCard, openPatients } from './patients-helpers';
import { untilStill } from './scroll-helpers';

/** Issue 15: dialogs, toasts, the sign-out notice and the date and time fields, as a receptionist meets them. */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const REVOKED = 'Su sesión fue cerrada desde otro dispositivo o por un administrador.';

/** Within the viewport and not covered by anything (a dialog's edge, a pinned header or footer): it can be used. */
async function expectUsable(page: Page, target: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: izquierda`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what}: arriba`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: derecha`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box!.y + box!.height, `${what}: abajo`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(await hitAt(target, 0.5), `${what}: nada lo tapa`).toBe(true);
}

/**
 * Whether the element is what a tap at this height (0 = its top, 1 = its bottom) would reach, in the middle of
 * its width. A disabled button ignores the pointer, so for the test it is made to take it.
 */
function hitAt(target: Locator, at: number): Promise<boolean> {
  return target.evaluate((el, at) => {
    const r = el.getBoundingClientRect();
    const style = (el as HTMLElement).style;
    const before = style.pointerEvents;
    style.pointerEvents = 'auto';
    const hit = document.elementFromPoint(
      r.left + r.width / 2,
      r.top + Math.min(r.height - 2, Math.max(2, r.height * at)),
    );
    style.pointerEvents = before;
    return !!hit && (hit === el || el.contains(hit));
  }, at);
}

/** The end of the element (a section taller than the screen) shows inside the dialog, uncovered. */
async function expectEndShown(dialog: Locator, target: Locator, what: string) {
  const edge = (await dialog.boundingBox())!;
  const box = (await target.boundingBox())!;
  expect(box.y + box.height, `${what}: su final dentro del diálogo`).toBeLessThanOrEqual(
    edge.y + edge.height,
  );
  expect(box.y + box.height, `${what}: su final dentro del diálogo`).toBeGreaterThan(edge.y);
  expect(await hitAt(target, 1), `${what}: nada lo tapa`).toBe(true);
}

/** The dialog's box lies within the viewport. */
async function expectWithinViewport(page: Page, dialog: Locator, what: string) {
  const viewport = page.viewportSize()!;
  const box = (await dialog.boundingBox())!;
  expect(box.x, `${what}: izquierda`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: arriba`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: ancho ${Math.round(box.width)} px`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: alto`).toBeLessThanOrEqual(viewport.height);
}

/** Scrolls every scrolling box that holds the element to its end, as a person reading to the bottom would. */
async function scrollToEnd(target: Locator) {
  await target.evaluate((el) => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && e.scrollHeight > e.clientHeight)
        e.scrollTop = e.scrollHeight;
    }
  });
  await untilStill(target);
}

const overlaps = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Books the patient into `count` different future agendas (a later one when a time of theirs is taken). */
async function bookUpcoming(request: APIRequestContext, count: number) {
  const api = await apiAs(request);
  const patient = await api.newPatient();
  let left: Agenda[] = await api.futureAgendas();
  for (let i = 0; i < count; i++) {
    const used = await api.bookFirst(patient.id, left);
    left = left.filter((a) => a.id !== used.id);
  }
  expect(await api.appointmentsOf(patient.id)).toHaveLength(count);
  return patient;
}

async function phone(browser: Browser, baseURL: string | undefined, width: number, height = 800) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    isMobile: true,
    hasTouch: true,
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  });
  return { context, page: await context.newPage() };
}

test.describe('Diálogos', () => {
  test.describe.configure({ timeout: 120_000 });

  test('el historial de citas del paciente se alcanza desplazándose dentro del diálogo', async ({
    page,
    request,
  }) => {
    const patient = await bookUpcoming(request, 5);
    await openPatients(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      const card = await findCard(page, patient.document);
      await card.getByRole('button', { name: 'Ver' }).click();
      const dialog = page.getByRole('dialog', { name: patient.name });
      await dialog.getByRole('tab', { name: 'Citas' }).click();
      await expect(dialog.getByRole('heading', { name: 'Próximas Citas (5)' })).toBeVisible();
      await settle(page);
      await expectWithinViewport(page, dialog, `Detalle del paciente a ${size.width} px`);

      const history = dialog.getByRole('heading', { name: /^Historial de Citas/ });
      await scrollToEnd(history);
      await expectUsable(page, history, `Historial de Citas a ${size.width} px`);
      // The header (name and Cerrar) stays while the history scrolls.
      await expectUsable(page, dialog.getByRole('button', { name: 'Cerrar', exact: true }), 'Cerrar');
      await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await expect(dialog).toBeHidden();
    }
  });

  for (const width of [360, 390]) {
    test(`a ${width} px ningún diálogo es más ancho que la pantalla`, async ({ browser, baseURL }) => {
      const { context, page } = await phone(browser, baseURL, width);
      await loginViaUi(page);
      await page.goto('/appointments');
      await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Agenda Médica' })).toBeVisible();
      for (const [button, title] of [
        ['Crear Agenda', 'Crear Agenda'],
        ['Nueva Cita', 'Asignación Inteligente de Citas'],
        ['Imprimir Agenda', 'Imprimir Agenda'],
      ] as const) {
        await page.getByRole('button', { name: button, exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: title });
        await expect(dialog).toBeVisible();
        await settle(page);
        await expectWithinViewport(page, dialog, title);
        await expectUsable(
          page,
          dialog.getByRole('button', { name: 'Cerrar', exact: true }),
          `${title}: cerrar`,
        );
        // No field is cut at the dialog's edge.
        const edge = (await dialog.boundingBox())!;
        for (const field of await dialog.getByRole('textbox').or(dialog.getByRole('combobox')).all()) {
          if (!(await field.isVisible())) continue;
          const box = (await field.boundingBox())!;
          expect(box.x + box.width, `${title}: campo dentro del diálogo`).toBeLessThanOrEqual(
            edge.x + edge.width + 0.5,
          );
        }
        await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
        await expect(dialog).toBeHidden();
      }
      await context.close();
    });
  }

  test('un diálogo largo se desplaza dentro de sí con el título, Cerrar y las acciones a la vista', async ({
    page,
  }) => {
    await loginViaUi(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/appointments');
      await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Agenda Médica' })).toBeVisible();

      // The day's detail lists every agenda of a busy day: far taller than the screen.
      await page
        .getByRole('button', { name: /Ver Detalles/ })
        .first()
        .click();
      const day = page.getByRole('dialog', { name: 'Detalle del día' });
      await expect(day.getByRole('region').first()).toBeVisible();
      await settle(page);
      await expectWithinViewport(page, day, `Detalle del día a ${size.width} px`);
      const last = day.getByRole('region').last();
      await scrollToEnd(last);
      await expectEndShown(day, last, 'la última agenda del día');
      await expectUsable(page, day.getByRole('heading', { name: 'Detalle del día' }), 'el título');
      await expectUsable(page, day.getByRole('button', { name: 'Cerrar', exact: true }), 'Cerrar');
      await day.getByRole('button', { name: 'Cerrar', exact: true }).click();
      await expect(day).toBeHidden();

      // A form: its action buttons are there before any scrolling, and the title after it.
      await page.getByRole('button', { name: 'Nueva Cita', exact: true }).first().click();
      const smart = page.getByRole('dialog', { name: 'Asignación Inteligente de Citas' });
      await expect(smart).toBeVisible();
      await settle(page);
      await expectWithinViewport(page, smart, `Asignación Inteligente a ${size.width} px`);
      await expectUsable(page, smart.getByRole('button', { name: 'Cancelar' }), 'Cancelar');
      await expectUsable(page, smart.getByRole('button', { name: 'Asignar Cita' }), 'Asignar Cita');
      await scrollToEnd(smart.getByRole('button', { name: 'Asignar Cita' }));
      await expectUsable(
        page,
        smart.getByRole('heading', { name: 'Asignación Inteligente de Citas' }),
        'título',
      );
      await expectUsable(page, smart.getByRole('button', { name: 'Asignar Cita' }), 'Asignar Cita al final');
      await smart.getByRole('button', { name: 'Cancelar' }).click();
      await expect(smart).toBeHidden();
    }
  });
});

test.describe('Cerrar sesión', () => {
  test('Cerrar Sesión lleva al ingreso sin el aviso de una sesión cerrada por otro', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    // The event stream is open, so the server's end of this very session reaches the tab as an event.
    await expect(page.getByTestId('live-mode')).toHaveText('SSE');
    // A slow answer: the server's end of the session reaches the tab first, as on a busy network.
    await page.route('**/api/auth/logout', async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.fulfill({ response });
    });
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const toasts = page.getByRole('region', { name: /Notificaciones/ });
    await expect(toasts.getByText('Sesión cerrada', { exact: true })).toBeVisible();
    await expect(page.getByText(REVOKED)).toHaveCount(0);
    await expect(page.getByText('Sesión finalizada')).toHaveCount(0);
  });

  test('una sesión cerrada desde otro dispositivo sí lo avisa', async ({ page, request }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    await expect(page.getByTestId('live-mode')).toHaveText('SSE');
    const other = await apiLogin(request, ACCOUNTS.reception);
    const res = await request.delete('/api/sessions?exclude_current=true', {
      headers: { authorization: `Bearer ${other}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText(REVOKED).first()).toBeVisible();
  });
});

test.describe('Notificaciones', () => {
  test.describe.configure({ timeout: 90_000 });

  test('dos acciones seguidas dejan una sola notificación', async ({ page }) => {
    await openPatients(page);
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await page.getByRole('button', { name: /Registro Completo/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Registro Completo' });
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    const shown = page.locator('[data-sonner-toast]:not([data-removed="true"])');
    const first = shown.filter({ hasText: 'Campos incompletos' });
    await expect(first).toBeVisible();

    // Straight away (the first is still on screen for 4 s), a second action with its own notification.
    await wizard.getByRole('button', { name: 'Volver' }).click();
    await page.getByRole('button', { name: /Registro Rápido/ }).click();
    const quick = page.getByRole('dialog', { name: 'Registro Rápido' });
    await quick.getByLabel('Número de documento').fill(String(1_060_000_000 + (Date.now() % 1_000_000)));
    await quick.getByLabel('Nombre completo').fill('Toast Único Prueba');
    await quick.getByLabel('Teléfono').fill('3101234567');
    await quick.getByRole('button', { name: 'Registrar Paciente' }).click();
    await expect(shown.filter({ hasText: 'Paciente creado' })).toBeVisible();
    await expect(shown).toHaveCount(1, { timeout: 1_000 });
  });

  test('una notificación no tapa los botones del diálogo abierto', async ({ page, request }) => {
    // An agenda the form will then try to create again: the server refuses it and the dialog stays open.
    const token = await adminToken(request);
    const options = await apiGet<{
      doctors: { id: number; name: string; specialty_ids: number[]; location_ids: number[] }[];
      specialties: { id: number; name: string }[];
      locations: { id: number; name: string }[];
    }>(request, token, '/availabilities/smart-options');
    const doctor = options.doctors.find((d) => d.specialty_ids.length > 0 && d.location_ids.length > 0)!;
    const body = {
      location_id: doctor.location_ids[0]!,
      specialty_id: doctor.specialty_ids[0]!,
      doctor_id: doctor.id,
      date: await futureWorkingDay(request, token, 40),
      start_time: '20:00',
      end_time: '21:00',
      capacity: 1,
    };
    const created = await request.post('/api/availabilities', {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    expect(created.status(), await created.text()).toBe(201);

    await loginViaUi(page);
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto('/appointments');
      await page.getByRole('button', { name: 'Crear Agenda', exact: true }).first().click();
      const create = page.getByRole('dialog', { name: 'Crear Agenda' });
      await choose(page, create, 'Ubicación', options.locations.find((l) => l.id === body.location_id)!.name);
      await choose(
        page,
        create,
        'Especialidad',
        options.specialties.find((s) => s.id === body.specialty_id)!.name,
      );
      await choose(page, create, 'Doctor', doctor.name);
      await fillDate(create.getByLabel('Fecha'), body.date);
      await fillTime(create.getByLabel('Hora de inicio'), body.start_time);
      await fillTime(create.getByLabel('Hora de fin'), body.end_time);
      const shown = page.locator('[data-sonner-toast]:not([data-removed="true"])');
      const refused = () =>
        page.waitForResponse(
          (r) => r.url().endsWith('/api/availabilities') && r.request().method() === 'POST',
        );
      const submit = create.getByRole('button', { name: 'Crear Agenda' });
      await Promise.all([refused(), submit.click()]);
      await expect(shown.filter({ hasText: 'Error creando agenda' })).toHaveCount(1);
      // Trying again at once (the first notification lasts 4 s): the new one replaces it. The new toast is drawn a
      // moment after the answer, so wait for the first one to go before counting (else the count sees the old one).
      const first = await shown.first().elementHandle();
      await Promise.all([refused(), submit.click()]);
      await expect
        .poll(() => first!.evaluate((el) => !el.isConnected || el.getAttribute('data-removed') === 'true'))
        .toBe(true);
      await expect(shown).toHaveCount(1, { timeout: 1_000 });
      const toast = shown.filter({ hasText: 'Error creando agenda' });
      await expect(toast).toBeVisible();
      await settle(page);
      const toastBox = (await toast.boundingBox())!;
      for (const name of ['Crear Agenda', 'Cancelar']) {
        const button = create.getByRole('button', { name, exact: true });
        await expectUsable(page, button, name);
        expect(overlaps(toastBox, (await button.boundingBox())!), `${name} a ${size.width} px`).toBe(false);
      }
      await create.getByRole('button', { name: 'Cancelar' }).click();
      await expect(create).toBeHidden();
    }
  });
});

test.describe('Fechas y horas', () => {
  test.describe.configure({ timeout: 120_000 });

  test('dd/mm/aaaa y 24 horas con el navegador en inglés; escribir la fecha basta', async ({
    browser,
    baseURL,
    request,
  }) => {
    const place = await pickCombination(request, await adminToken(request));
    const context = await browser.newContext({
      baseURL,
      locale: 'en-US',
      timezoneId: 'America/Bogota',
      viewport: { width: 1366, height: 768 },
    });
    const page = await context.newPage();
    await loginViaUi(page);
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'Crear Agenda', exact: true }).first().click();
    const create = page.getByRole('dialog', { name: 'Crear Agenda' });
    await choose(page, create, 'Ubicación', place.location);
    await choose(page, create, 'Especialidad', place.specialty);
    await choose(page, create, 'Doctor', place.doctor);

    const date = create.getByLabel('Fecha');
    await expect(date).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await date.pressSequentially('15032030');
    await expect(date).toHaveValue('15/03/2030');
    const start = create.getByLabel('Hora de inicio');
    const end = create.getByLabel('Hora de fin');
    await start.pressSequentially('1930');
    await end.pressSequentially('730');
    await expect(start).toHaveValue('19:30');
    await expect(end).toHaveValue('07:30');
    // The form reads them as it always did: 19:30 is after 07:30.
    await create.getByRole('button', { name: 'Crear Agenda' }).click();
    await expect(create.getByText('La hora de inicio debe ser anterior a la hora de fin')).toBeVisible();
    await end.fill('');
    await end.pressSequentially('2045');
    await expect(end).toHaveValue('20:45');

    // The calendar is Spanish and starts on Monday.
    await date.press('Alt+ArrowDown');
    const month = page.getByRole('grid', { name: 'marzo de 2030' });
    await expect(month).toBeVisible();
    await expect(month.getByRole('columnheader').first()).toHaveText('Lu');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(month).toBeHidden();
    await expect(date).toHaveValue('16/03/2030');
    await expect(date).toBeFocused();
    await create.getByRole('button', { name: 'Cancelar' }).click();

    // A stored date is shown day first too.
    await page.goto('/patients');
    const card = page.getByTestId('patient-card').first();
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Paciente' });
    await expect(edit.getByLabel('Fecha de nacimiento')).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await context.close();
  });
});
