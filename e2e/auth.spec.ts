import { ACCOUNTS, DEMO_PASSWORD, apiLogin, expect, fillLogin, loginViaUi, test } from './fixtures';

test.describe('Inicio de sesión', () => {
  test('la página de ingreso está en español, con modo demostración y cuentas de prueba', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByText('Modo demostración')).toBeVisible();
    await expect(page).toHaveTitle(/Iniciar sesión · .+/);

    await page.getByRole('button', { name: /Administrador: admin@demo\.ips\.co/ }).click();
    await expect(page.getByLabel('Correo electrónico')).toHaveValue(ACCOUNTS.admin);
    await expect(page.getByLabel('Contraseña', { exact: true })).toHaveValue(DEMO_PASSWORD);
  });

  test('los campos vacíos se señalan en español', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
    await expect(page.getByText('Ingrese su correo electrónico')).toBeVisible();
    await expect(page.getByText('Ingrese su contraseña')).toBeVisible();
  });

  test('una contraseña incorrecta muestra el mensaje del servidor en español', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, ACCOUNTS.admin, 'clave-equivocada');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No se pudo iniciar sesión');
    await expect(alert).toContainText('Correo electrónico o contraseña incorrectos');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('el bloqueo por intentos fallidos (429) muestra su mensaje', async ({ page, request }) => {
    // An account of this test's own: ten failures lock it for the rest of the run (the demo accounts stay usable).
    const admin = await apiLogin(request, ACCOUNTS.admin);
    const email = `bloqueo-${Date.now().toString(36)}@demo.ips.co`;
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${admin}` },
      data: { name: 'Cuenta Para Bloquear', email, role: 'agent', password: 'Clave-Bloqueo-2026' },
    });
    expect(created.status(), await created.text()).toBe(201);
    for (let i = 0; i < 10; i++) {
      await request.post('/api/auth/login', { data: { email, password: `mala-${i}` } });
    }
    await page.goto('/login');
    await fillLogin(page, email, 'Clave-Bloqueo-2026');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Demasiados intentos');
    await expect(alert).toContainText('bloqueada temporalmente');
  });

  test('una ruta protegida lleva a /login y, tras ingresar, vuelve a donde iba', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, ACCOUNTS.admin);
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Configuración' })).toBeVisible();
  });

  test('cerrar sesión limpia el acceso y avisa con un toast', async ({ page }) => {
    await loginViaUi(page);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const toast = page.getByRole('region', { name: /Notificaciones/ });
    await expect(toast.getByText('Sesión cerrada', { exact: true })).toBeVisible();
    await expect(toast.getByText('Ha cerrado sesión exitosamente')).toBeVisible();
    const stored = await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('user'),
      localStorage.getItem('isAuthenticated'),
    ]);
    expect(stored).toEqual([null, null, null]);
    // The session is over on the server too, and a protected page asks to sign in again.
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('un token vencido (o a menos de 5 minutos de vencer) lleva a /login', async ({ page }) => {
    await loginViaUi(page);
    await page.evaluate(() =>
      localStorage.setItem('expires_at', new Date(Date.now() + 60_000).toISOString()),
    );
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Su sesión expiró')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await loginViaUi(page);
    await page.evaluate(() => localStorage.setItem('expires_at', '2000-01-01T00:00:00.000Z'));
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });

  test('una dirección desconocida muestra la página 404 en español', async ({ page }) => {
    await page.goto('/esta-pagina-no-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
