import type { Page } from '@playwright/test';
import { SHORTCUTS } from '../apps/web/src/lib/shortcuts';
import { apiAs } from './appointments-helpers';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';

/**
 * The keyboard layer of issue 24: 'Nueva Cita' from any page (Alt+N, or N outside fields), the '?' help sheet of
 * every shortcut (read from lib/shortcuts.ts, the registry the sheet renders), and the Ctrl+K command palette that
 * opens pages, patients and doctors. Demo data only.
 */
const SMART = 'Asignación Inteligente de Citas';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const palette = (page: Page) => page.getByRole('dialog', { name: 'Buscar en la aplicación' });
const paletteInput = (page: Page) => palette(page).getByRole('combobox', { name: /Buscar páginas/ });

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await expect(palette(page)).toBeVisible();
  await expect(paletteInput(page)).toBeFocused();
}

test.describe('Atajos de teclado', () => {
  test('Alt+N y N abren Nueva Cita desde una página sin botón; no mientras se escribe ni sobre otro diálogo', async ({
    page,
  }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto('/daily-queue');
    await expect(heading(page)).toHaveText('Cola Diaria');
    await expect(page.getByRole('main').getByRole('button', { name: 'Nueva Cita' })).toHaveCount(0);
    const smart = page.getByRole('dialog', { name: SMART });

    // Plain N with the focus on the page.
    await page.keyboard.press('n');
    await expect(smart).toBeVisible();
    // Another global shortcut does not stack a second dialog over it.
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(smart).toBeHidden();

    // In a text field N is a letter; Alt+N still opens the dialog.
    const search = page.getByRole('searchbox', { name: 'Buscar paciente, documento o doctor' });
    await search.click();
    await page.keyboard.type('n');
    await expect(search).toHaveValue('n');
    await expect(smart).toHaveCount(0);
    await page.keyboard.press('Alt+n');
    await expect(smart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(smart).toBeHidden();

    // Pacientes has no 'Nueva Cita' either.
    await page.goto('/patients');
    await expect(heading(page)).toHaveText('Gestión de Pacientes');
    await page.keyboard.press('Alt+n');
    await expect(smart).toBeVisible();
    await page.keyboard.press('Escape');
  });

  test("los botones 'Nueva Cita' muestran el atajo y abren el mismo diálogo; un doctor no tiene el atajo", async ({
    page,
    browser,
    baseURL,
  }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    const button = page.getByRole('main').getByRole('button', { name: 'Nueva Cita', exact: true });
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Alt+N N');
    await expect(button.locator('kbd').first()).toHaveText(/Alt\s*N/);
    await button.hover();
    await expect(page.getByRole('tooltip')).toContainText('Alt+N');
    await button.click();
    const smart = page.getByRole('dialog', { name: SMART });
    await expect(smart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(smart).toBeHidden();
    await expect(button).toBeFocused();

    const other = await browser.newContext({ baseURL, locale: 'es-CO', timezoneId: 'America/Bogota' });
    const doctor = await other.newPage();
    await loginViaUi(doctor, ACCOUNTS.doctor);
    await doctor.keyboard.press('n');
    await doctor.keyboard.press('Alt+n');
    await doctor.keyboard.press('?');
    const help = doctor.getByRole('dialog', { name: 'Atajos de teclado' });
    await expect(help).toBeVisible();
    await expect(doctor.getByRole('dialog', { name: SMART })).toHaveCount(0);
    await expect(help.getByText('No disponible para su rol')).toBeVisible();
    await other.close();
  });

  test("'?' y el menú de usuario abren la hoja de atajos con todos los del registro; el foco vuelve", async ({
    page,
  }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await expect(help).toBeVisible();
    for (const s of SHORTCUTS) await expect(help.getByText(s.label, { exact: true })).toBeVisible();
    for (const keys of ['Alt', 'Ctrl', 'Enter', 'Esc', '↑', '↓', '?'])
      await expect(help.locator('kbd', { hasText: keys }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();

    const menu = page.getByTestId('user-menu');
    await menu.click();
    await page.getByRole('menuitem', { name: 'Atajos de teclado' }).click();
    await expect(help).toBeVisible();
    // Clickable: the closing menu left no pointer lock behind.
    await help.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
    await expect(help).toBeHidden();
    await expect(menu).toBeFocused();

    // '?' typed in a field is a question mark.
    await page.goto('/patients/list');
    const field = page.getByLabel('Buscar paciente');
    await field.fill('¿');
    await field.press('?');
    await expect(field).toHaveValue('¿?');
    await expect(help).toHaveCount(0);
  });

  test('Ctrl+K encuentra una página sin tildes y navega; Escape devuelve el foco', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    const button = page.getByTestId('palette-button');
    await button.click();
    await expect(palette(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(palette(page)).toBeHidden();
    await expect(button).toBeFocused();

    // From a focused link of the sidebar: Ctrl+K, then Escape, back on the link.
    const link = page.getByTestId('sidebar').getByRole('link', { name: 'Pacientes', exact: true });
    await link.focus();
    await openPalette(page);
    await page.keyboard.press('Escape');
    await expect(link).toBeFocused();

    // Ctrl+K again closes it.
    await openPalette(page);
    await page.keyboard.press('Control+k');
    await expect(palette(page)).toBeHidden();

    await openPalette(page);
    await page.keyboard.type('distribucion');
    const option = palette(page).getByRole('option', { name: 'Distribución' });
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(palette(page).getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/distribution$/);
    await expect(heading(page)).toBeVisible();
    await expect(palette(page)).toHaveCount(0);
    await expect(page.locator('#contenido')).toBeFocused();

    // ↑↓ move the highlight, shown to assistive technology through aria-activedescendant.
    await openPalette(page);
    await page.keyboard.type('gestion');
    const options = palette(page).getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    const activeId = await options.nth(1).getAttribute('id');
    await expect(paletteInput(page)).toHaveAttribute('aria-activedescendant', activeId!);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/resources$/);
  });

  test('lo escrito mientras la paleta todavía carga llega a su campo (y N no abre Nueva Cita)', async ({
    page,
  }) => {
    // The palette's code arrives late (a slow network): it loads on first use or when the browser is idle. It is
    // held until the keys below are typed, so they are always typed while it loads (rather than a fixed delay).
    let typed!: () => void;
    const held = new Promise<void>((resolve) => (typed = resolve));
    await page.route(/\/command-palette-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await loginViaUi(page, ACCOUNTS.reception);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('nuevaa');
    await page.keyboard.press('Backspace');
    typed();
    await expect(paletteInput(page)).toHaveValue('nueva');
    await expect(palette(page).getByRole('option', { name: /Nueva Cita/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('dialog', { name: SMART })).toHaveCount(0);
  });

  test('Ctrl+K encuentra un paciente de la demostración y abre su detalle; y un doctor en Gestión de Recursos', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const list = await api.get<{ patients: { id: number; name: string; document: string }[] }>(
      '/patients-v2?page=1&limit=1&status=Activo',
    );
    const patient = list.patients[0]!;
    const doctor = (await api.get<{ id: number; name: string; active: boolean }[]>('/doctors')).find(
      (d) => d.active,
    )!;

    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto('/daily-queue');
    await expect(heading(page)).toHaveText('Cola Diaria');
    await openPalette(page);
    await page.keyboard.type(patient.name);
    const option = palette(page).getByRole('option').filter({ hasText: patient.document });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/patients\\?patient=${patient.id}$`));
    const detail = page.getByRole('dialog', { name: patient.name });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(patient.document);
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(page).toHaveURL(/\/patients$/);

    // A link to a patient that cannot be read says so and drops itself.
    await page.goto('/patients?patient=999999999');
    await expect(page.getByText('Paciente no encontrado')).toBeVisible();
    await expect(page).toHaveURL(/\/patients$/);

    // The doctor: found by name, opened with Enter on the doctors' tab, the list narrowed to them.
    await openPalette(page);
    await page.keyboard.type(doctor.name);
    const doctorOption = palette(page)
      .getByRole('group', { name: 'Doctores' })
      .getByRole('option', { name: new RegExp(doctor.name) });
    await expect(doctorOption.first()).toBeVisible();
    while ((await doctorOption.first().getAttribute('aria-selected')) !== 'true')
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/resources\?tab=doctors&q=/);
    await expect(page.getByRole('tab', { name: 'Doctores' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('searchbox', { name: 'Buscar por nombre, registro o correo' })).toHaveValue(
      doctor.name,
    );
    await expect(
      page.getByRole('table', { name: 'Doctores' }).getByText(doctor.name, { exact: true }),
    ).toBeVisible();
  });

  test("la acción 'Nueva Cita' de la paleta abre el diálogo y al cerrarlo el foco vuelve a donde estaba", async ({
    page,
  }) => {
    await loginViaUi(page, ACCOUNTS.agent);
    await page.goto('/patients');
    const link = page.getByTestId('sidebar').getByRole('link', { name: 'Cola Diaria', exact: true });
    await link.focus();
    await openPalette(page);
    await page.keyboard.type('nueva');
    await expect(palette(page).getByRole('option', { name: /Nueva Cita/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Enter');
    const smart = page.getByRole('dialog', { name: SMART });
    await expect(smart).toBeVisible();
    await expect(palette(page)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(smart).toBeHidden();
    await expect(link).toBeFocused();
  });
});
