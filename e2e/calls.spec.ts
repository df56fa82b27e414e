import { readFileSync } from 'node:fs';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { toast } from './appointments-helpers';

test.describe('Centro de llamadas', () => {
  test.describe.configure({ timeout: 120_000 });

  test('registrar, verla en vivo en otro monitor, atender, transferir, finalizar, historial y CSV', async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Llamante E2E ${Date.now().toString().slice(-6)}`;

    // The watcher: a supervisor's monitor in another browser, never reloaded.
    const other = await browser.newContext({ baseURL, locale: 'es-CO', timezoneId: 'America/Bogota' });
    const watcher = await other.newPage();
    await loginViaUi(watcher, ACCOUNTS.supervisor);
    await watcher.goto('/calls');
    await expect(watcher.getByRole('heading', { level: 1, name: 'Monitor de Llamadas' })).toBeVisible();
    await expect(watcher.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    const activeList = watcher.getByRole('list', { name: 'Llamadas activas' });

    // The agent registers an incoming call by hand on the dashboard.
    await loginViaUi(page, ACCOUNTS.agent);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Consultas' }).click();
    await page.getByRole('link', { name: 'Dashboard de Llamadas' }).click();
    await page.getByRole('button', { name: 'Registrar llamada' }).click();
    const dialog = page.getByRole('dialog', { name: 'Registrar llamada' });
    await dialog.getByLabel('Nombre del paciente').fill(name);
    await dialog.getByLabel('Teléfono').fill('310 555 0199');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await expect(toast(page, 'Llamada registrada')).toBeVisible();
    await page.getByRole('tab', { name: /Cola de espera/ }).click();
    const card = page.getByRole('listitem', { name: `Llamada de ${name}` });
    await expect(card).toBeVisible();

    // Attend: the agent name is required.
    await card.getByRole('button', { name: 'Atender' }).click();
    const attend = page.getByRole('dialog', { name: 'Atender llamada' });
    await attend.getByLabel('Nombre del agente').fill('');
    await attend.getByRole('button', { name: 'Atender' }).click();
    await expect(attend.getByText('Ingrese el nombre del agente')).toBeVisible();
    await attend.getByLabel('Nombre del agente').fill('Agente Demo');
    await attend.getByRole('button', { name: 'Atender' }).click();
    await expect(toast(page, 'Llamada atendida exitosamente')).toBeVisible();

    // The other browser's monitor shows it without a reload.
    await expect(activeList.getByText(name)).toBeVisible({ timeout: 10_000 });

    // Transfer to another agent.
    await page.getByRole('tab', { name: /Llamadas activas/ }).click();
    await card.getByRole('button', { name: 'Transferir' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir llamada' });
    await transfer.getByLabel('Nombre del agente').fill('Laura Supervisora');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(toast(page, 'Llamada transferida exitosamente')).toBeVisible();
    await expect(card.getByText('Agente: Laura Supervisora')).toBeVisible();
    await expect(activeList.getByText(/Laura Supervisora/)).toBeVisible({ timeout: 10_000 });

    // End it.
    await card.getByRole('button', { name: 'Finalizar' }).click();
    const end = page.getByRole('dialog', { name: 'Finalizar llamada' });
    await end.getByLabel('Resultado').fill('Cita agendada');
    await end.getByRole('button', { name: 'Finalizar' }).click();
    await expect(toast(page, 'Llamada finalizada')).toBeVisible();
    await expect(activeList.getByText(name)).toBeHidden({ timeout: 10_000 });
    await expect(watcher.getByRole('list', { name: 'Completadas recientes' }).getByText(name)).toBeVisible();

    // History: search it, open its detail, download the CSV the server builds.
    await page.getByRole('link', { name: 'Historial' }).click();
    await page.getByRole('searchbox', { name: 'Buscar por paciente o teléfono' }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Finalizada');
    await expect(row).toContainText('+57 310 555 0199');
    await row.getByRole('button', { name }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(name) });
    await expect(detail.getByText('Cita agendada')).toBeVisible();
    await expect(detail.getByText('Laura Supervisora')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^historial-llamadas-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID;Paciente;Teléfono;Agente;Tipo;Estado;Prioridad;Duración;Fecha');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(name);
    expect(lines[1]).toContain('Laura Supervisora');
    // The stored phone as it is: no apostrophe before its '+' (issue 34 item 13).
    expect(lines[1]).toContain(';+573105550199;');
    await expect(toast(page, 'Datos exportados exitosamente')).toBeVisible();
    await other.close();
  });

  test('un doctor no ve el centro de llamadas', async ({ page }) => {
    await loginViaUi(page, ACCOUNTS.doctor);
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Consultas' })).toHaveCount(0);
  });
});
