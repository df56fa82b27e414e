import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';

test.describe('Marco de la aplicación', () => {
  test('la barra lateral muestra la organización, el usuario, la conexión en vivo y el modo demostración', async ({
    page,
  }) => {
    await loginViaUi(page);
    const sidebar = page.getByTestId('sidebar');
    const publicSettings = await (await page.request.get('/api/settings/public')).json();
    await expect(sidebar.getByTestId('org-name')).toHaveText(publicSettings.data.org_name);
    await expect(sidebar.getByText('Sistema Médico Avanzado')).toBeVisible();
    await expect(sidebar.getByTestId('current-user')).toContainText('Administrador');
    await expect(sidebar.getByTestId('live-mode')).toHaveText(/^(SSE|POLL)$/);
    await expect(sidebar.getByTestId('live-mode')).toHaveText('SSE');
    await expect(page.getByTestId('demo-badge')).toContainText('Modo demostración');
    await page.goto('/settings');
    await expect(page).toHaveTitle(`Configuración · ${publicSettings.data.org_name}`);
  });

  test('sin flujo de eventos pasa a POLL tras 3 fallos, lo recuerda, y vuelve a SSE cuando el flujo regresa', async ({
    page,
  }) => {
    await page.route('**/api/events/stream**', (route) => route.abort());
    await loginViaUi(page);
    const badge = page.getByTestId('live-mode');
    // Failures at 0 s, 1 s and 3 s (backoff 1 s, 2 s): POLL from the third.
    await expect(badge).toHaveText('POLL', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('live_mode'))).toBe('POLL');

    await page.unroute('**/api/events/stream**');
    // Next try 4 s later.
    await expect(badge).toHaveText('SSE', { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('live_mode'))).toBe('SSE');
  });

  test('cada enlace de la barra lateral abre su página con su título', async ({ page }) => {
    await loginViaUi(page);
    const links = page.getByTestId('sidebar').getByRole('link');
    const count = await links.count();
    expect(count).toBeGreaterThan(0);
    const targets: { href: string; label: string }[] = [];
    for (let i = 0; i < count; i++) {
      const link = links.nth(i);
      // The label's own text: a live counter beside it (Cola de Espera) is part of the link's name, not its label.
      const label = (await link.locator('span').first().innerText()).trim();
      targets.push({ href: (await link.getAttribute('href')) ?? '', label });
    }
    const named = (label: string) =>
      page
        .getByTestId('sidebar')
        .getByRole('link', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`) });
    for (const { href, label } of targets) {
      await named(label).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      const heading = page.getByRole('main').getByRole('heading', { level: 1 });
      await expect(heading).toBeVisible();
      await expect(heading).not.toHaveText(/no encontrada|en construcción/i);
      await expect(named(label)).toHaveAttribute('aria-current', 'page');
    }
    // '/' is the landing page, the Panel de Citas Médicas, first in the sidebar.
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Configuración' })).toBeVisible();
    expect(targets[0]!.href).toBe('/');
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'Panel de Citas Médicas',
    );
  });

  test('Ctrl+B contrae y expande la barra lateral y lo recuerda en la cookie sidebar_state', async ({
    page,
    context,
  }) => {
    await loginViaUi(page);
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // Seven days, give or take the seconds the test takes.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);
    // Icons only: the labels stay for screen readers, the width shrinks.
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThan(100);

    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'collapsed');

    await page.keyboard.press('Control+b');
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-state', 'expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  test('en un teléfono la barra lateral es un panel que abre el botón de menú', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaUi(page);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menú' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText('Sistema Médico Avanzado')).toBeVisible();
    await drawer.getByRole('link', { name: 'Configuración' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  });
});

test.describe('Configuración: sesiones', () => {
  test('un usuario que no es administrador solo ve sus propias sesiones', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Mis sesiones' })).toBeVisible();
    await expect(page.getByText('Este dispositivo')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sesiones activas' })).toHaveCount(0);
  });
});
