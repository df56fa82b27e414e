import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y-helpers';
import { apiLogin, ACCOUNTS, expect, fillLogin, loginViaUi, test } from './fixtures';

const stamp = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** Creates a user through the API as the demo administrator; the password is typed, so it is known. */
async function createViaApi(request: APIRequestContext, name: string, role = 'agent') {
  const token = await apiLogin(request, ACCOUNTS.admin);
  const email = `${name.split(' ')[0]!.toLowerCase()}.${stamp()}@ips.co`;
  const res = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, email, role, password: 'Guayacanes-del-Valle-31' },
  });
  expect(res.status()).toBe(201);
  return { email, name };
}

async function openUsers(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menú principal' })
    .getByRole('link', { name: 'Usuarios' })
    .click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Usuarios \(\d+\)$/ })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar por nombre, email o rol' }).fill(text);
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

test.describe('Usuarios', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('el administrador crea un usuario con contraseña generada; el usuario entra y la cambia', async ({
    page,
  }) => {
    // Three accessibility checks and two sign-ins.
    test.setTimeout(180_000);
    await loginViaUi(page, ACCOUNTS.admin);
    await openUsers(page);
    await expectNoA11yViolations(page, 'Usuarios');

    const email = `valentina.${stamp()}@ips.co`;
    await page.getByRole('button', { name: 'Agregar Usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Usuario' });
    // Nothing filled: the spec's message under the required fields.
    await dialog.getByRole('button', { name: 'Agregar Usuario' }).click();
    await expect(
      dialog.getByText('Por favor complete todos los campos obligatorios', { exact: true }),
    ).toHaveCount(2);
    await expect(dialog.getByLabel('Nombre completo')).toBeFocused();
    await expectNoA11yViolations(page, 'Agregar Usuario', '[role="dialog"]');

    await dialog.getByLabel('Nombre completo').fill('Valentina Ospina Mejía');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Departamento').fill('Facturación');
    // The role defaults to Agente; choose Recepcionista.
    await expect(dialog.getByRole('combobox', { name: 'Rol' })).toHaveText('Agente');
    await dialog.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Recepcionista' }).click();
    await dialog.getByRole('button', { name: 'Agregar Usuario' }).click();

    await expect(toasts(page).getByText('Usuario agregado')).toBeVisible();
    const shown = page.getByRole('dialog', { name: 'Contraseña generada' });
    await expect(shown.getByText('No se volverá a mostrar')).toBeVisible();
    const password = await shown.getByLabel('Contraseña').inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await expect(shown.getByRole('button', { name: 'Copiar' })).toBeVisible();
    await expectNoA11yViolations(page, 'Contraseña generada', '[role="dialog"]');
    await shown.getByRole('button', { name: 'Listo, ya la copié' }).click();
    await expect(shown).toHaveCount(0);

    // In the table, with its Spanish role and status; the password is nowhere on the page any more.
    await search(page, email);
    const row = page.getByRole('row', { name: /Valentina Ospina Mejía/ });
    await expect(row).toContainText('Recepcionista');
    await expect(row).toContainText('Activo');
    await expect(row).toContainText('Facturación');
    await expect(page.getByText(password)).toHaveCount(0);

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await fillLogin(page, email, password);
    await expect(page).toHaveURL(/\/cambiar-contrasena$/);
    await page.getByLabel('Contraseña actual').fill(password);
    const chosen = 'Palmas-de-Cera-Salento-84';
    await page.getByLabel('Nueva contraseña', { exact: true }).fill(chosen);
    await page.getByLabel('Confirmar nueva contraseña').fill(chosen);
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(page).not.toHaveURL(/\/cambiar-contrasena/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    // A receptionist has no Usuarios entry.
    await expect(
      page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Usuarios' }),
    ).toHaveCount(0);
  });

  test('busca por el rol en español, edita el rol, restablece la contraseña y elimina con confirmación', async ({
    page,
    request,
  }) => {
    const editable = await createViaApi(request, 'Hernando Cifuentes Rojas');
    const removable = await createViaApi(request, 'Ximena Arbeláez Torres');
    await loginViaUi(page, ACCOUNTS.admin);
    await openUsers(page);

    await search(page, 'recepcionista');
    // The count of the search shows once its answer is in (not over the previous list).
    await expect(page.getByRole('status').filter({ hasText: /usuarios? encontrados?/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Diana Marcela Castro/ })).toBeVisible();

    const roles = await page
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') })
      .allInnerTexts();
    expect(roles.length).toBeGreaterThan(0);
    for (const r of roles) expect(r).toContain('Recepcionista');

    // Accents and case do not matter.
    await search(page, 'ARBELAEZ');
    await expect(page.getByRole('row', { name: /Ximena Arbeláez Torres/ })).toBeVisible();

    // Edit: the role, from the keyboard menu of the row.
    await search(page, editable.email);
    const row = page.getByRole('row', { name: /Hernando Cifuentes Rojas/ });
    await row.getByRole('button', { name: 'Acciones de Hernando Cifuentes Rojas' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuario' });
    await edit.getByRole('combobox', { name: 'Rol' }).click();
    await page.getByRole('option', { name: 'Supervisor' }).click();
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(toasts(page).getByText('Usuario actualizado')).toBeVisible();
    await expect(row).toContainText('Supervisor');

    // Reset: shown once, with the warning.
    await row.getByRole('button', { name: 'Acciones de Hernando Cifuentes Rojas' }).click();
    await page.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restablecer contraseña' }).click();
    const shown = page.getByRole('dialog', { name: 'Contraseña restablecida' });
    await expect(shown.getByText('No se volverá a mostrar')).toBeVisible();
    const fresh = await shown.getByLabel('Contraseña').inputValue();
    await page.keyboard.press('Escape');
    await expect(shown).toHaveCount(0);
    const login = await request.post('/api/auth/login', { data: { email: editable.email, password: fresh } });
    expect(login.status()).toBe(200);

    // Delete: asks first; Cancelar keeps the user.
    await search(page, removable.email);
    const victim = page.getByRole('row', { name: /Ximena Arbeláez Torres/ });
    await victim.getByRole('button', { name: 'Acciones de Ximena Arbeláez Torres' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar usuario?' });
    await expect(confirm).toContainText(removable.email);
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(victim).toBeVisible();
    await victim.getByRole('button', { name: 'Acciones de Ximena Arbeláez Torres' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(toasts(page).getByText('Usuario eliminado')).toBeVisible();
    await expect(victim).toHaveCount(0);
    await expect(page.getByText('Ningún usuario coincide con la búsqueda')).toBeVisible();
  });

  test('un usuario con actividad no se elimina: el aviso dice que se inactive', async ({ page, request }) => {
    const worker = await createViaApi(request, 'Rosalba Quiceno Gil');
    // Their first audited act: changing the password the administrator chose.
    const login = await request.post('/api/auth/login', {
      data: { email: worker.email, password: 'Guayacanes-del-Valle-31' },
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const changed = await request.post('/api/auth/change-password', {
      headers: { authorization: `Bearer ${token}` },
      data: { current_password: 'Guayacanes-del-Valle-31', new_password: 'Cafetal-de-Chinchina-62' },
    });
    expect(changed.status()).toBe(200);

    await loginViaUi(page, ACCOUNTS.admin);
    await openUsers(page);
    await search(page, worker.email);
    const row = page.getByRole('row', { name: /Rosalba Quiceno Gil/ });
    await row.getByRole('button', { name: 'Acciones de Rosalba Quiceno Gil' }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(toasts(page).getByText('No se pudo eliminar el usuario')).toBeVisible();
    await expect(toasts(page).getByText(/tiene actividad registrada/)).toBeVisible();
    await expect(row).toBeVisible();
  });
});

test('una cuenta bloqueada por intentos fallidos se marca y se desbloquea desde su fila', async ({
  page,
  request,
}) => {
  const user = await createViaApi(request, 'Baltasar Zuluaga Mora');
  for (let i = 0; i < 10; i++)
    await request.post('/api/auth/login', { data: { email: user.email, password: `mala-${i}` } });
  await loginViaUi(page, ACCOUNTS.admin);
  await openUsers(page);
  await search(page, user.email);
  const row = page.getByRole('row', { name: /Baltasar Zuluaga Mora/ });
  await expect(row.getByText('Bloqueada').filter({ visible: true })).toBeVisible();
  await row.getByRole('button', { name: 'Acciones de Baltasar Zuluaga Mora' }).click();
  await page.getByRole('menuitem', { name: 'Desbloquear' }).click();
  await expect(toasts(page).getByText('Cuenta desbloqueada')).toBeVisible();
  await expect(row.getByText('Bloqueada').filter({ visible: true })).toHaveCount(0);
  const login = await request.post('/api/auth/login', {
    data: { email: user.email, password: 'Guayacanes-del-Valle-31' },
  });
  expect(login.status()).toBe(200);
});

test('si la lista no carga lo dice, y Reintentar la trae', async ({ page }) => {
  await loginViaUi(page, ACCOUNTS.admin);
  await page.route(/\/api\/users\?/, (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false}' }),
  );
  await page.goto('/users');
  await expect(toasts(page).getByText('No se pudieron cargar los usuarios')).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: 'No se pudieron cargar los usuarios' });
  await expect(alert).toBeVisible();
  await page.unroute(/\/api\/users\?/);
  await alert.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('row', { name: /Diana Marcela Castro/ })).toBeVisible();
});

test.describe('Usuarios en el teléfono', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('la tabla cabe sin desplazamiento lateral; desde la fila se ven y se cierran las sesiones', async ({
    page,
    request,
  }) => {
    const user = await createViaApi(request, 'Mauricio Londoño Vélez');
    const login = await request.post('/api/auth/login', {
      data: { email: user.email, password: 'Guayacanes-del-Valle-31' },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' },
    });
    expect(login.status()).toBe(200);
    const token = ((await login.json()) as { data: { token: string } }).data.token;

    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/users');
    await expect(page.getByRole('heading', { level: 1, name: /^Usuarios \(\d+\)$/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /Diana Marcela Castro/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page, 'Usuarios (390 px)');

    await search(page, user.email);
    await page.getByRole('button', { name: 'Acciones de Mauricio Londoño Vélez' }).click();
    await page.getByRole('menuitem', { name: 'Ver sesiones (1)' }).click();
    const sessions = page.getByRole('dialog', { name: 'Sesiones activas' });
    await expect(sessions).toContainText(user.email);
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(sessions).toContainText('iPhone');
    await sessions.getByRole('button', { name: 'Forzar cierre de sesiones' }).click();
    await sessions.getByRole('button', { name: 'Confirmar cierre' }).click();
    await expect(toasts(page).getByText('Sesiones finalizadas')).toBeVisible();
    await expect(sessions).toHaveCount(0);
    const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });
});
