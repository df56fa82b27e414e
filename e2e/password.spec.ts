import { apiLogin, ACCOUNTS, expect, fillLogin, loginViaUi, test } from './fixtures';

// Decision 021: a password someone else chose is changed at the first sign-in; the header menu offers the change.
test.describe('cambio de contraseña', () => {
  test('un usuario con contraseña generada debe cambiarla antes de entrar', async ({ page, request }) => {
    const admin = await apiLogin(request, ACCOUNTS.admin);
    const email = `forzada.${Date.now()}@ips.co`;
    const created = await request.post('/api/users', {
      headers: { authorization: `Bearer ${admin}` },
      data: { name: 'Paula Andrea Quintero', email, role: 'reception' },
    });
    expect(created.status()).toBe(201);
    const generated = ((await created.json()) as { data: { generated_password: string } }).data
      .generated_password;

    await page.goto('/login');
    await fillLogin(page, email, generated);
    await expect(page).toHaveURL(/\/cambiar-contrasena$/);
    await expect(page.getByText('Debe cambiar su contraseña')).toBeVisible();
    // No way into the app: the shell is not there, and going to a page comes back here.
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.goto('/patients');
    await expect(page).toHaveURL(/\/cambiar-contrasena$/);

    await page.getByLabel('Contraseña actual').fill(generated);
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('colombia123456');
    await page.getByLabel('Confirmar nueva contraseña').fill('colombia123456');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Esa contraseña es demasiado común; elija otra')).toBeVisible();

    const chosen = 'Cafetales-del-Quindio-58';
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(chosen);
    await page.getByLabel('Confirmar nueva contraseña').fill(chosen);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('Contraseña actualizada')).toBeVisible();
    await expect(page).not.toHaveURL(/\/cambiar-contrasena/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.reload();
    await expect(page).not.toHaveURL(/\/cambiar-contrasena/);

    const again = await request.post('/api/auth/login', { data: { email, password: chosen } });
    expect(
      ((await again.json()) as { data: { user: { must_change_password: boolean } } }).data.user,
    ).toMatchObject({ must_change_password: false });
  });

  test('el menú de usuario lleva a Cambiar contraseña y permite volver', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    await expect(page).toHaveURL(/\/cambiar-contrasena$/);
    await expect(page.getByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    await expect(page.getByText('Debe cambiar su contraseña')).toHaveCount(0);
    // A wrong current password is answered beside its field.
    await page.getByLabel('Contraseña actual').fill('no-es-la-actual');
    await page.getByLabel('Nueva contraseña', { exact: true }).fill('Guaduales-de-Armenia-27');
    await page.getByLabel('Confirmar nueva contraseña').fill('Guaduales-de-Armenia-27');
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page.getByText('La contraseña actual no es correcta')).toBeVisible();
    await page.getByRole('link', { name: 'Volver' }).click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });
});
