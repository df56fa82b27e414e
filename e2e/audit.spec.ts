import { readFileSync } from 'node:fs';
import { expectNoA11yViolations } from './a11y-helpers';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';

/** Auditoría (decision 029): an administrator finds a user's creation, reads its values and exports the CSV. */
test.describe('Auditoría', () => {
  test('encontrar la creación de un usuario, ver sus valores y exportar el CSV', async ({
    page,
    request,
  }) => {
    test.slow(); // an axe scan and a CSV streamed by the server
    const token = await apiLogin(request, ACCOUNTS.admin);
    const email = `auditoria.${Date.now()}@ips.co`;
    const created = await request.post('/api/users', {
      data: { name: 'Auditada Restrepo', email, role: 'reception', department: 'Admisiones' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status()).toBe(201);
    const userId = ((await created.json()) as { data: { id: number } }).data.id;

    await loginViaUi(page, ACCOUNTS.admin);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Auditoría' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeVisible();
    // The 30-day summary (its top tables depend on what earlier flows changed; the user's creation is found below).
    await expect(page.getByTestId('audit-summary')).toContainText('Por tabla');
    await expect(page.getByTestId('audit-summary')).toContainText('Creación');
    await expectNoA11yViolations(page, 'Auditoría');

    await page.getByRole('combobox', { name: 'Tabla' }).click();
    await page.getByRole('option', { name: 'Usuarios', exact: true }).click();
    await expect(page).toHaveURL(/table_name=users/);
    await page.getByLabel('Registro').fill(String(userId));
    await expect(page).toHaveURL(new RegExp(`record_id=${userId}`));
    await expect(page.getByTestId('audit-count')).toHaveText('1 cambio');
    const row = page.getByTestId('audit-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Usuarios');
    await expect(row).toContainText('Creación');

    await row.getByRole('button', { name: /Ver detalle/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /Cambio #\d+/ })).toBeVisible();
    const name = dialog.getByTestId('audit-field').filter({ hasText: 'Nombre' });
    await expect(name).toContainText('Auditada Restrepo');
    await expect(name).toHaveAttribute('data-changed', 'true');
    await expect(dialog.getByTestId('audit-field').filter({ hasText: 'Correo electrónico' })).toContainText(
      email,
    );
    await expect(dialog).not.toContainText('password_hash');
    await expectNoA11yViolations(page, 'Auditoría, detalle de un cambio', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exportar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'ID;Fecha;Usuario;Correo;Tabla;Registro;Acción;Valores anteriores;Valores nuevos;Solicitud',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`;Usuarios;${userId};Creación;`);
    expect(lines[1]).toContain(email);
  });

  test('Historial de cambios abre, desde la ficha de un paciente, la auditoría de ese paciente', async ({
    page,
  }) => {
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/patients');
    await page.getByTestId('patient-card').first().getByRole('button', { name: 'Ver' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('link', { name: 'Historial de cambios' }).click();
    await expect(page).toHaveURL(/\/audit\?table_name=patients&record_id=\d+$/);
    const id = new URL(page.url()).searchParams.get('record_id')!;
    await expect(page.getByRole('combobox', { name: 'Tabla' })).toHaveText('Pacientes');
    await expect(page.getByLabel('Registro')).toHaveValue(id);
    await expect(page.getByTestId('audit-count')).toHaveText(/\d+ cambios?$/);
  });

  test('un agente no ve la entrada ni la página', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.agent);
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Auditoría' })).toHaveCount(0);
    await page.goto('/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Acceso denegado' })).toBeVisible();
  });
});
