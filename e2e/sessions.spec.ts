import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';

const OTHER_DEVICE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

test.describe('Configuración: sesiones', () => {
  test('cerrar una sesión y luego las demás, cada una con confirmación', async ({ page, request }) => {
    const tokenA = await apiLogin(request, ACCOUNTS.supervisor, OTHER_DEVICE);
    await apiLogin(request, ACCOUNTS.supervisor, OTHER_DEVICE);
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/settings');
    const mine = page.getByRole('region', { name: 'Mis sesiones' });
    await expect(mine.getByText('Safari en iPhone')).toHaveCount(2);

    await mine
      .getByRole('button', { name: /^Cerrar la sesión de Safari en iPhone/ })
      .first()
      .click();
    const confirm = page.getByRole('alertdialog', { name: '¿Cerrar esta sesión?' });
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await expect(mine.getByText('Safari en iPhone')).toHaveCount(2);

    await mine
      .getByRole('button', { name: /^Cerrar la sesión de Safari en iPhone/ })
      .first()
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByText('Sesión finalizada')).toBeVisible();
    await expect(mine.getByText('Safari en iPhone')).toHaveCount(1);

    await mine.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await page
      .getByRole('alertdialog', { name: '¿Cerrar las demás sesiones?' })
      .getByRole('button', { name: 'Cerrar las demás' })
      .click();
    await expect(page.getByText('Sesiones finalizadas')).toBeVisible();
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine.getByText('Este dispositivo')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Cerrar las demás sesiones' })).toBeDisabled();

    // The ended sessions are really over on the server.
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${tokenA}` } });
    expect(me.status()).toBe(401);
  });

  test('el administrador fuerza el cierre de las sesiones de otro usuario, que vuelve a /login', async ({
    page,
    browser,
    baseURL,
  }) => {
    // The agent works in another browser; the forced end reaches it over the event stream.
    const agentContext = await browser.newContext({ baseURL });
    const agentPage = await agentContext.newPage();
    await loginViaUi(agentPage, ACCOUNTS.agent);
    await expect(agentPage.getByTestId('live-mode')).toHaveText('SSE');

    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/settings');
    const active = page.getByRole('region', { name: 'Sesiones activas' });
    await expect(active.getByText(ACCOUNTS.agent, { exact: false })).toBeVisible();
    await active
      .getByRole('button', { name: /^Forzar cierre de las sesiones de / })
      .first()
      .waitFor();

    const agentRow = active.getByRole('listitem').filter({ hasText: ACCOUNTS.agent }).first();
    await agentRow.getByRole('button', { name: /^Forzar cierre/ }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Forzar el cierre de sesiones?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Forzar cierre' }).click();
    await expect(confirm).toBeHidden();
    await expect(active.getByText(ACCOUNTS.agent, { exact: false })).toHaveCount(0);

    await expect(agentPage).toHaveURL(/\/login$/);
    await expect(
      agentPage.getByText('Su sesión fue cerrada desde otro dispositivo o por un administrador.').first(),
    ).toBeVisible();
    expect(await agentPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await agentContext.close();
  });
});
