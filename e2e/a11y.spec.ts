import type { Page } from '@playwright/test';
import { expectNoA11yViolations, registeredPages, settle } from './a11y-helpers';
import { ACCOUNTS, DEMO_PASSWORD, expect, loginViaUi, test } from './fixtures';

/**
 * axe-core (WCAG 2.1 AA) on the login page, every page registered in nav.ts and the dialogs their main buttons
 * open: no serious or critical violation. A page added to nav.ts is checked without touching this file.
 */
const OPENER = /^(Nuev[oa]|Crear) /;
/** Behind a modal the page is inert (aria-hidden): only the dialog is measured. */
const DIALOG = '[role="dialog"], [role="alertdialog"]';
/** Dialogs that must be found (the generic search below must not silently find nothing). */
const EXPECTED_DIALOGS: Record<string, string[]> = {
  '/appointments': ['Crear Agenda'],
  '/patients': ['Nuevo Paciente'],
  '/locations': ['Nueva sede'],
  '/settings/resources': ['Nueva especialidad'],
};

/** Dialogs reached in two steps: [button on the page, button inside the first dialog]. */
const NESTED_DIALOGS: Record<string, [string, RegExp][]> = {
  '/patients': [
    ['Nuevo Paciente', /Registro Rápido/],
    ['Nuevo Paciente', /Registro Completo/],
  ],
};

/** Opens each dialog of the visible page ("Nuevo …", "Crear …" buttons), checks it and closes it with Escape. */
async function checkDialogs(page: Page, where: string): Promise<string[]> {
  const main = page.getByRole('main');
  const names = new Set<string>();
  for (const button of await main.getByRole('button', { name: OPENER }).all())
    if (await button.isVisible())
      names.add(((await button.getAttribute('aria-label')) ?? (await button.innerText())).trim());
  for (const name of names) {
    await main.getByRole('button', { name, exact: true }).first().click();
    const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
    await expect(dialog, `${where}: «${name}» abre un diálogo`).toBeVisible();
    await expectNoA11yViolations(page, `${where} › diálogo «${name}»`, DIALOG);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  return [...names];
}

test.describe('Accesibilidad (axe-core, WCAG 2.1 AA)', () => {
  test('la página de ingreso, con y sin errores', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expectNoA11yViolations(page, '/login');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByText('Ingrese su correo electrónico')).toBeVisible();
    await expectNoA11yViolations(page, '/login con errores');
  });

  // One test per page, so a slow machine gives each page its own time budget and a failure names its page.
  for (const { path, label } of registeredPages()) {
    test(`${label} (${path}) y sus diálogos principales`, async ({ page }) => {
      test.setTimeout(180_000);
      await loginViaUi(page, ACCOUNTS.admin);
      await page.goto(path);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${label} · `));
      // Let the page's data arrive (skeletons and spinners gone) before measuring.
      await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0, {
        timeout: 15_000,
      });
      await expectNoA11yViolations(page, path);
      const opened = await checkDialogs(page, path);
      for (const [first, second] of NESTED_DIALOGS[path] ?? []) {
        await page.getByRole('main').getByRole('button', { name: first, exact: true }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: second }).click();
        await expect(dialog.getByRole('textbox').first()).toBeVisible();
        await expectNoA11yViolations(page, `${path} › ${first} › ${second.source}`, DIALOG);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      // Pages with tabs: every tab and its dialogs.
      const tabs = page.getByRole('main').getByRole('tab');
      const count = await tabs.count();
      for (let i = 1; i < count; i++) {
        const tab = tabs.nth(i);
        const name = (await tab.innerText()).trim();
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true');
        await expect(page.locator('[aria-busy="true"], [data-slot="skeleton"]')).toHaveCount(0, {
          timeout: 15_000,
        });
        // The rest of the page was measured with the first tab.
        await expectNoA11yViolations(
          page,
          `${path} › pestaña ${name}`,
          '[role="tabpanel"][data-state="active"]',
        );
        opened.push(...(await checkDialogs(page, `${path} › pestaña ${name}`)));
      }
      expect(opened, `diálogos abiertos en ${path}`).toEqual(
        expect.arrayContaining(EXPECTED_DIALOGS[path] ?? []),
      );
    });
  }

  test('las páginas con diálogos esperados están registradas en nav.ts', () => {
    const paths = registeredPages().map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(Object.keys(EXPECTED_DIALOGS)));
  });

  test('la paleta de comandos (con resultados y sin ellos) y la hoja de atajos', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Buscar en la aplicación' });
    await expect(palette.getByRole('option').first()).toBeVisible();
    await expectNoA11yViolations(page, 'paleta de comandos', DIALOG);
    // Patients and doctors from the server, one highlighted further down.
    await page.keyboard.type('mar');
    await expect(palette.getByRole('group', { name: 'Pacientes' }).getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectNoA11yViolations(page, 'paleta de comandos › pacientes', DIALOG);
    await page.keyboard.type('zzzzqx');
    await expect(palette.getByText(/Sin resultados para/).first()).toBeVisible();
    await expectNoA11yViolations(page, 'paleta de comandos › sin resultados', DIALOG);
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Atajos de teclado' });
    await expect(help).toBeVisible();
    await expectNoA11yViolations(page, 'hoja de atajos', DIALOG);
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    // The header with the palette's button and the 'Nueva Cita' button with its keycaps.
    await expectNoA11yViolations(page, 'panel con los atajos a la vista');
  });

  test('solo con el teclado: ingresar, abrir y cerrar un diálogo', async ({ page }) => {
    await page.goto('/login');
    // The e-mail field has the focus on arrival.
    await expect(page.getByLabel('Correo electrónico')).toBeFocused();
    await page.keyboard.type(ACCOUNTS.admin);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();

    // The first Tab reaches the skip link, which moves the focus to the content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();

    // Reach the sidebar's Pacientes link by Tab alone and follow it with Enter.
    const patients = page.getByTestId('sidebar').getByRole('link', { name: 'Pacientes', exact: true });
    await tabUntil(page, patients);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Pacientes' })).toBeVisible();

    // The header's menu button: its tooltip appears on keyboard focus and Escape hides it.
    const toggle = page.getByRole('button', { name: 'Contraer menú' });
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused();
    await expect(page.getByRole('tooltip')).toHaveText('Contraer menú (Ctrl+B)');
    await expect(toggle).toHaveAccessibleDescription('Contraer menú (Ctrl+B)');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);

    // Open "Nuevo Paciente" with Enter, move inside it with Tab, close it with Escape: the focus comes back.
    const open = page.getByRole('main').getByRole('button', { name: 'Nuevo Paciente' });
    await tabUntil(page, open);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nuevo Paciente' });
    await expect(dialog).toBeVisible();
    await settle(page);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});

test.describe('Accesibilidad de la asignación inteligente (issue 24)', () => {
  test('con un paciente elegido y la lista de especialidades abierta: axe sin violaciones graves y anillo de foco en cada parada', async ({
    page,
  }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    const open = page.getByRole('main').getByRole('button', { name: 'Nueva Cita', exact: true });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Asignación Inteligente de Citas' });
    await expect(dialog.getByRole('combobox', { name: 'Buscar paciente' })).toBeFocused();
    await page.keyboard.type('gomez');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('selected-patient')).toBeVisible();
    await expectNoA11yViolations(page, 'Asignación Inteligente con paciente', DIALOG);

    // The specialty list, opened by typing on its field.
    const specialty = dialog.getByRole('combobox', { name: 'Especialidad' });
    await expect(specialty).toBeFocused();
    await page.keyboard.type('medicina');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectNoA11yViolations(
      page,
      'Asignación Inteligente › lista de especialidades',
      '[data-slot="popover-content"]',
    );
    await page.keyboard.press('Enter');
    await expect(specialty).toHaveText(/^Medicina/);

    // Every stop of a full Tab round shows a focus ring (an outline or the ring's box-shadow).
    const stops = new Set<string>();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        const name =
          el.getAttribute('aria-label') || el.id || el.textContent?.trim().slice(0, 30) || el.tagName;
        return { name, ring, inDialog: !!el.closest('[role="dialog"]') };
      });
      expect(stop.inDialog, `${stop.name}: el foco sigue en el diálogo`).toBe(true);
      expect.soft(stop.ring, `${stop.name}: anillo de foco visible`).toBe(true);
      if (stops.has(stop.name)) break;
      stops.add(stop.name);
    }
    expect(stops.size).toBeGreaterThan(8);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });
});

/** Presses Tab until `target` has the focus (at most 60 times). */
async function tabUntil(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, 'alcanzable con Tab').toBeFocused();
}
