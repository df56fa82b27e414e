import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { apiAs, toast } from './appointments-helpers';

/**
 * Issue 24: a receptionist books a returning patient from the Panel by keyboard alone — open 'Nueva Cita', type
 * the document, Enter, type part of the specialty, Enter, Ctrl+Enter — and Escape brings the focus back to the
 * button that opened the dialog, every time.
 */

const SMART = 'Asignación Inteligente de Citas';
const SPECIALTY = 'Medicina Interna';

interface Returning {
  id: number;
  document: string;
  name: string;
}

/**
 * Active demo patients with past appointments, each found alone by their document; adults, as Medicina Interna
 * sees adults.
 */
async function returningPatients(page: Page, count: number): Promise<Returning[]> {
  const api = await apiAs(page.request);
  type Row = { patient_id: number; patient_document: string; age: number | null };
  const done = await api.get<Row[]>('/appointments?status=Completada&limit=1000');
  const candidates = new Map(done.filter((a) => (a.age ?? 0) >= 18).map((a) => [a.patient_id, a]));
  const found: Returning[] = [];
  for (const { patient_document } of candidates.values()) {
    const hits = await api.get<{ id: number; document: string; name: string; status: string }[]>(
      `/patients/search/quicksearch?query=${patient_document}&limit=20`,
    );
    const [p] = hits;
    if (hits.length === 1 && p!.status === 'Activo')
      found.push({ id: p!.id, document: p!.document, name: p!.name });
    if (found.length === count) return found;
  }
  throw new Error(`Solo ${found.length} pacientes de demostración que vuelven; se necesitan ${count}`);
}

/** The Panel's 'Nueva Cita', reached by focus and opened with Enter (the global shortcut is another flow's). */
async function openSmart(page: Page): Promise<{ opener: Locator; dialog: Locator }> {
  const opener = page.getByRole('main').getByRole('button', { name: 'Nueva Cita', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: SMART });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Buscar paciente' })).toBeFocused();
  return { opener, dialog };
}

/** The keyboard path; returns the number of actions (each typed string and each key press). */
async function bookByKeyboard(page: Page, dialog: Locator, patient: Returning, specialty: string) {
  let actions = 0;
  await page.keyboard.type(patient.document);
  actions++;
  // Enter picks the only match (even before the list has shown) and goes on to Especialidad.
  await page.keyboard.press('Enter');
  actions++;
  await expect(dialog.getByTestId('selected-patient')).toContainText(patient.name);
  const field = dialog.getByRole('combobox', { name: 'Especialidad' });
  await expect(field).toBeFocused();
  // Typing on the closed field opens it with the text as the filter; the space is kept.
  await page.keyboard.type(specialty);
  actions++;
  // Nothing typed is lost on the way from the button to the filter box, the space neither.
  await expect(page.getByRole('combobox', { name: 'Buscar especialidad' })).toHaveValue(specialty);
  await expect(page.getByRole('option').first()).toHaveAccessibleName(SPECIALTY);
  await page.keyboard.press('Enter');
  actions++;
  await expect(field).toHaveText(SPECIALTY);
  await expect(field).toBeFocused();
  await page.keyboard.press('Control+Enter');
  actions++;
  return actions;
}

test.describe('Agendar con el teclado (issue 24)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('un paciente que vuelve, desde el Panel y solo con el teclado: seis acciones', async ({ page }) => {
    const api = await apiAs(page.request);
    const specialties = new Set((await api.futureAgendas()).map((a) => a.specialty_name));
    expect(specialties, 'agendas de Medicina Interna con cupos en los datos de demostración').toContain(
      SPECIALTY,
    );
    const [patient] = await returningPatients(page, 1);
    const confirmed = () =>
      api.get<{ id: number; specialty_name: string }[]>(
        `/appointments?patient_id=${patient!.id}&status=Confirmada`,
      );
    const before = new Set((await confirmed()).map((a) => a.id));

    await loginViaUi(page, ACCOUNTS.reception);
    const { opener, dialog } = await openSmart(page);
    const actions = 1 + (await bookByKeyboard(page, dialog, patient!, 'medicina i'));
    expect(actions).toBeLessThanOrEqual(8);

    const result = dialog.getByTestId('smart-result');
    await expect(result).toContainText('¡Cita asignada exitosamente!');
    await expect(result).toContainText(patient!.name);
    await expect(result).toContainText(SPECIALTY);
    const booked = (await confirmed()).filter((a) => !before.has(a.id));
    expect(booked.map((a) => a.specialty_name)).toEqual([SPECIALTY]);

    // The result's first action has the focus: Escape closes at once, and the focus is back on 'Nueva Cita'.
    await expect(dialog.getByRole('button', { name: 'Crear Otra Cita' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    // The specialty just used is offered first: Enter on the field opens it on that option, Enter picks it.
    await openSmart(page);
    const field = dialog.getByRole('combobox', { name: 'Especialidad' });
    await field.focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('option').first();
    await expect(first).toHaveAccessibleName(SPECIALTY);
    await expect(first).toHaveAccessibleDescription('Última usada');
    await page.keyboard.press('Enter');
    await expect(field).toHaveText(SPECIALTY);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('Escape devuelve el foco a «Nueva Cita» cierre tras cierre, también desde el resultado', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const patients = await returningPatients(page, 4);
    await loginViaUi(page, ACCOUNTS.reception);
    let returned = 0;
    const closes = 20;
    for (let i = 0; i < closes; i++) {
      const { opener, dialog } = await openSmart(page);
      if (i % 5 === 0) {
        // A booking: the form gives way to the result view, then Escape.
        await bookByKeyboard(page, dialog, patients[i / 5]!, 'medicina int');
        await expect(dialog.getByTestId('smart-result')).toContainText('¡Cita asignada exitosamente!');
      } else if (i % 5 === 1) {
        // 'Crear Otra Cita' from the last result would be another path: here a patient picked, then Escape.
        await page.keyboard.type(patients[0]!.document);
        await page.keyboard.press('Enter');
        await expect(dialog.getByRole('combobox', { name: 'Especialidad' })).toBeFocused();
      } else if (i % 5 === 2) {
        // The specialty list open: the first Escape closes the list only.
        await dialog.getByRole('combobox', { name: 'Especialidad' }).focus();
        await page.keyboard.type('med');
        await expect(page.getByRole('listbox')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByRole('listbox')).toBeHidden();
        await expect(dialog).toBeVisible();
      } else if (i % 5 === 3) {
        // Tab takes the first match of what was typed and moves on to the next field (Sede, now enabled).
        await dialog.getByRole('combobox', { name: 'Especialidad' }).focus();
        await page.keyboard.type('pediatria');
        await page.keyboard.press('Tab');
        await expect(dialog.getByRole('combobox', { name: 'Especialidad' })).toHaveText('Pediatría');
        await expect(dialog.getByRole('combobox', { name: 'Sede' })).toBeFocused();
      }
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      returned++;
    }
    expect(returned).toBe(closes);
  });

  test('«Crear Otra Cita» vuelve a la búsqueda de paciente con el foco', async ({ page }) => {
    const [first, second] = await returningPatients(page, 2);
    await loginViaUi(page, ACCOUNTS.reception);
    const { dialog, opener } = await openSmart(page);
    await bookByKeyboard(page, dialog, first!, 'medicina i');
    await expect(dialog.getByRole('button', { name: 'Crear Otra Cita' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('combobox', { name: 'Buscar paciente' })).toBeFocused();
    await bookByKeyboard(page, dialog, second!, 'medicina i');
    await expect(dialog.getByTestId('smart-result')).toContainText(second!.name);
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
  });
});

test.describe('Ctrl+Enter y el foco tras elegir al paciente en los otros diálogos', () => {
  test('Cita Manual: Enter elige al único paciente, el foco va al primer campo vacío y Ctrl+Enter agenda', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    // An agenda of a later day where an appointment still fits (the flows before this one fill the first ones).
    const bookable = new Set(
      (await api.get<{ id: number }[]>('/availabilities?bookable=true&limit=100')).map((a) => a.id),
    );
    const agenda = (await api.futureAgendas()).find((a) => bookable.has(a.id));
    const sameDoctor = (
      await api.get<{ id: number; status: string }[]>(
        `/availabilities?date=${agenda!.date}&doctor_id=${agenda!.doctor_id}`,
      )
    ).filter((a) => a.status === 'Activa');

    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto(`/daily-agenda?date=${agenda!.date}`);
    await page.getByRole('button', { name: `Agendar con ${agenda!.doctor_name}` }).click();
    await page
      .getByRole('menuitem', { name: 'Cita Manual' })
      .nth(sameDoctor.findIndex((a) => a.id === agenda!.id))
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cita Manual' });
    const time = dialog.getByRole('textbox', { name: 'Hora', exact: true });
    await expect(time).not.toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Buscar paciente' })).toBeFocused();
    await page.keyboard.type(patient.document);
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('selected-patient')).toContainText(patient.name);
    // The time is suggested and the duration set: the reason is the first empty field.
    await expect(dialog.getByLabel('Motivo de la consulta')).toBeFocused();
    await page.keyboard.type('Control de tensión arterial');
    await page.keyboard.press('Control+Enter');
    await expect(toast(page, 'Cita creada exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Its opener, a menu item, went away with the menu: the focus is back on the menu's button.
    await expect(page.getByRole('button', { name: `Agendar con ${agenda!.doctor_name}` })).toBeFocused();
    expect((await api.appointmentsOf(patient.id)).map((a) => a.status)).toEqual(['Confirmada']);
  });

  test('Registrar Cita Rápida: Enter elige al paciente, el motivo ya viene escrito, el foco va a las notas y Ctrl+Enter registra', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    await loginViaUi(page, ACCOUNTS.reception);
    const dialog = page.getByRole('dialog', { name: 'Registrar Cita Rápida' });
    // An agenda below capacity may still have its hours taken: then the next one.
    for (let i = 0; i < 5; i++) {
      await page
        .getByTestId('upcoming-item')
        .nth(i)
        .getByRole('button', { name: /Agendar/ })
        .click();
      await expect(dialog.getByRole('combobox', { name: 'Buscar paciente' })).toBeFocused();
      await page.keyboard.type(patient.document);
      // Here the list is shown first: Enter picks its only suggestion without ↓.
      await expect(dialog.getByRole('option', { name: new RegExp(patient.name) })).toBeVisible();
      await page.keyboard.press('Enter');
      // The reason starts as the consultation of the agenda's specialty: the first empty field is Notas.
      await expect(dialog.getByLabel('Motivo de la consulta')).toHaveValue(/^Consulta de /);
      await expect(dialog.getByLabel('Notas')).toBeFocused();
      await page.keyboard.press('Control+Enter');
      const done = toast(page, 'Cita registrada exitosamente');
      const failed = toast(page, 'Error al registrar la cita');
      await expect(done.or(failed)).toBeVisible();
      if (await done.isVisible()) break;
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await expect(dialog).toBeHidden();
    expect((await api.appointmentsOf(patient.id)).map((a) => a.status)).toEqual(['Confirmada']);
  });

  test('un formulario (FormDialog) se guarda con Ctrl+Enter y su botón anuncia el atajo', async ({
    page,
  }) => {
    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/settings/resources');
    await page.getByRole('button', { name: 'Nueva especialidad' }).click();
    const form = page.getByRole('dialog', { name: 'Nueva especialidad' });
    const save = form.getByRole('button', { name: 'Crear especialidad' });
    await save.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(save).toHaveAccessibleDescription('Atajo: Ctrl+Enter');
    await expect(page.getByRole('tooltip')).toHaveText('Atajo: Ctrl+Enter');
    const name = `Teclado ${Date.now().toString(36)}`;
    await form.getByLabel('Nombre').fill(name);
    await page.keyboard.press('Control+Enter');
    await expect(page.getByText('Especialidad creada', { exact: true })).toBeVisible();
    await expect(form).toBeHidden();
  });
});

test.describe('Las acciones del diálogo a la vista', () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 1366, height: 768 },
  ])
    test(`a ${size.width}×${size.height} «Asignar Cita» se ve sin desplazar`, async ({ page }) => {
      await page.setViewportSize(size);
      await loginViaUi(page, ACCOUNTS.reception);
      const { dialog } = await openSmart(page);
      const submit = dialog.getByRole('button', { name: 'Asignar Cita' });
      await expectOnScreen(page, submit);
      // With a doctor chosen the body grows (dates and times): the action stays pinned.
      const field = dialog.getByRole('combobox', { name: 'Especialidad' });
      await field.focus();
      await page.keyboard.type('medicina g');
      await page.keyboard.press('Enter');
      await dialog.getByRole('combobox', { name: 'Doctor preferido' }).click();
      await page.getByRole('option').nth(1).click();
      await expect(dialog.getByRole('radiogroup', { name: 'Fecha' })).toBeVisible();
      await expectOnScreen(page, submit);
      // The shortcut is announced on the action.
      await expect(submit).toHaveAttribute('aria-keyshortcuts', 'Control+Enter Meta+Enter');
    });
});

/**
 * Inside the viewport and not covered by anything: the topmost element at its centre is the button, or its row (a
 * disabled button lets the pointer through to what holds it).
 */
async function expectOnScreen(page: Page, el: Locator) {
  const box = await el.boundingBox();
  expect(box, 'la acción tiene caja').not.toBeNull();
  const viewport = page.viewportSize()!;
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  const onTop = await el.evaluate((node) => {
    const r = node.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (node.contains(hit) || hit.contains(node));
  });
  expect(onTop, 'nada tapa la acción').toBe(true);
}
