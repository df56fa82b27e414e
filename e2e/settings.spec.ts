import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { fillTime } from './field-helpers';

/** A real 16×16 PNG (a white square on the app's teal). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAHklEQVR4nGPgLSkiCTEMcg3/cYBRDfTVMAiTBjEIAMTFdZCT0ZxXAAAAAElFTkSuQmCC',
  'base64',
);

const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notificaciones/ }).getByText(text);

/** PUT /api/settings as the demo administrator (to put back what a test changed). */
async function putSettings(request: APIRequestContext, patch: Record<string, unknown>) {
  const token = await apiLogin(request, ACCOUNTS.admin);
  const res = await request.put('/api/settings', {
    data: patch,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as Record<string, unknown>;
}

async function getSettings(request: APIRequestContext) {
  const token = await apiLogin(request, ACCOUNTS.admin);
  const res = await request.get('/api/settings', { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as Record<string, unknown>;
}

test.describe('Configuración', () => {
  test('el nombre y el logo de la IPS se ven en la barra lateral, en el PDF y al ingresar', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const before = await getSettings(request);
    const name = `IPS Norte Prueba ${Date.now() % 100000}`;
    try {
      await loginViaUi(page);
      // Another tab of the app, open before the change: it follows it live (the settings event over SSE).
      const other = await page.context().newPage();
      await other.goto('/');
      await expect(other.getByTestId('sidebar').getByTestId('org-name')).toHaveText(String(before.org_name));
      await page.goto('/settings');
      const card = page.getByRole('region', { name: 'Información de la IPS' });
      await card.getByLabel('Nombre de la IPS').fill(name);
      await card
        .getByTestId('logo-file')
        .setInputFiles({ name: 'logo.pdf', mimeType: 'image/png', buffer: PNG });
      await expect(card.getByTestId('logo-preview')).toHaveAttribute('src', /^\/uploads\/[0-9a-f]{64}\.png$/);
      const logoUrl = await card.getByTestId('logo-preview').getAttribute('src');
      await card.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(toast(page, 'Configuración actualizada')).toBeVisible();

      const sidebar = page.getByTestId('sidebar');
      await expect(sidebar.getByTestId('org-name')).toHaveText(name);
      await expect(sidebar.getByTestId('org-logo')).toHaveAttribute('src', logoUrl!);
      const otherSidebar = other.getByTestId('sidebar');
      await expect(otherSidebar.getByTestId('org-name')).toHaveText(name);
      await expect(otherSidebar.getByTestId('org-logo')).toHaveAttribute('src', logoUrl!);
      await other.close();
      // The logo is served from the database with an immutable cache.
      const served = await request.get(logoUrl!);
      expect(served.status()).toBe(200);
      expect(served.headers()['cache-control']).toContain('immutable');

      await page.goto('/patients');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Exportar PDF' }).click(),
      ]);
      const bytes = readFileSync((await download.path())!).toString('latin1');
      expect(bytes.startsWith('%PDF-')).toBe(true);
      expect(bytes).toContain(`(${name})`);
      expect(bytes).toMatch(/\/Subtype \/Image/);

      // The sign-in page, before any session, on a phone.
      const anonymous = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      const login = await anonymous.newPage();
      await login.goto('/login');
      await expect(login.getByTestId('login-logo')).toHaveAttribute('src', logoUrl!);
      await expect(login.getByRole('main').getByText(name)).toBeVisible();
      await anonymous.close();
    } finally {
      await putSettings(request, { org_name: before.org_name, org_logo_url: before.org_logo_url });
    }
  });

  test('otro rol ve la configuración sin poder cambiarla ni abrir la de IA', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Información de la IPS' });
    await expect(card.getByLabel('Nombre de la IPS')).toBeDisabled();
    await expect(card.getByRole('button', { name: 'Guardar cambios' })).toHaveCount(0);
    await expect(page.getByText('Solo el administrador puede cambiar la configuración')).toBeVisible();
    await expect(page.getByRole('link', { name: /Configuración de IA/ })).toHaveCount(0);
    await page.goto('/settings/ai');
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  });
});

test.describe('Configuración de IA', () => {
  test('guarda cada campo al salir de él y marca el descanso fuera del horario', async ({
    page,
    request,
  }) => {
    const before = await getSettings(request);
    try {
      await putSettings(request, {
        ai_start_time: '08:00',
        ai_end_time: '18:00',
        ai_break_start: '',
        ai_break_end: '',
        ai_response_timeout_seconds: 3,
      });
      await loginViaUi(page);
      await page.goto('/settings');
      await page.getByRole('link', { name: /Configuración de IA/ }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Configuración de IA' })).toBeVisible();

      // Saved on blur, the field disabled while the save runs.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/settings', async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.continue();
      });
      const timeout = page.getByLabel('Tiempo de respuesta (segundos)');
      await timeout.fill('45');
      await timeout.press('Tab');
      await expect(timeout).toBeDisabled();
      release();
      await expect(timeout).toBeEnabled();
      await expect(toast(page, 'Configuración actualizada')).toBeVisible();
      await page.unroute('**/api/settings');
      expect((await getSettings(request)).ai_response_timeout_seconds).toBe(45);

      // A break that ends after the active hours: the error beside the field, nothing saved.
      await fillTime(page.getByLabel('Inicio del descanso'), '12:00');
      await page.getByLabel('Inicio del descanso').press('Tab');
      const breakEnd = page.getByLabel('Fin del descanso');
      await fillTime(breakEnd, '19:00');
      await breakEnd.press('Tab');
      await expect(page.getByText('Fuera del horario activo')).toBeVisible();
      await expect(breakEnd).toHaveAttribute('aria-invalid', 'true');
      expect((await getSettings(request)).ai_break_end).toBe('');

      // Corrected: both ends are saved together and the error goes.
      await fillTime(breakEnd, '13:00');
      await breakEnd.press('Tab');
      await expect(page.getByText('Fuera del horario activo')).toHaveCount(0);
      await expect.poll(async () => (await getSettings(request)).ai_break_end).toBe('13:00');
      expect((await getSettings(request)).ai_break_start).toBe('12:00');

      // A toggle is saved at once and survives a reload.
      const saturday = page.getByRole('switch', { name: 'Sábado' });
      const was = (await saturday.getAttribute('aria-checked')) === 'true';
      await saturday.click();
      await expect.poll(async () => (await getSettings(request)).ai_sat).toBe(!was);
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Sábado' })).toHaveAttribute(
        'aria-checked',
        String(!was),
      );
      await expect(page.getByLabel('Tiempo de respuesta (segundos)')).toHaveValue('45');
    } finally {
      const keys = [
        'ai_start_time',
        'ai_end_time',
        'ai_break_start',
        'ai_break_end',
        'ai_response_timeout_seconds',
        'ai_sat',
      ];
      await putSettings(request, Object.fromEntries(keys.map((k) => [k, before[k]])));
    }
  });
});
