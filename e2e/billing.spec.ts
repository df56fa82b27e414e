import { readFile } from 'node:fs/promises';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { apiAs } from './appointments-helpers';
import { untilTimeLeftToday } from './agendas-helpers';
import { allowAttendingTonight, bookedTonight } from './attendance-helpers';

/*
 * Facturación (issue 19, decision 031): an appointment completed elsewhere appears live on the billing screen; an
 * administrator marks it billed then paid, opens its audit and downloads the audit CSV.
 */
test('a completed appointment appears live; billed, paid, audited and downloaded', async ({
  page,
}, testInfo) => {
  test.slow();
  await untilTimeLeftToday(testInfo);
  await allowAttendingTonight(page.request);
  const api = await apiAs(page.request);
  const serviceName = `Consulta de control ${Date.now().toString(36)}`;
  const service = await api.post<{ id: number }>('/services', { name: serviceName, base_price: 48500 });
  // Booked tonight: attended now, within the tolerance for attending before the time (issue 34 item 19).
  const { patient } = await bookedTonight(page.request, api);
  const [appointment] = await api.appointmentsOf(patient.id);

  await loginViaUi(page, ACCOUNTS.admin);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Tiempo Real (SSE)' })).toBeChecked();
  const detail = page.getByRole('table', { name: 'Detalle de facturación' });
  await expect(page.getByText('Cargando facturación')).toHaveCount(0);

  // Attended at the front desk, on another device: the record arrives through the stream, without 'Actualizar'.
  const token = (await (
    await page.request.post('/api/auth/login', {
      data: { email: ACCOUNTS.reception, password: 'Demo2026!' },
    })
  ).json()) as { data: { token: string } };
  const done = await page.request.put(`/api/appointments/${appointment!.id}`, {
    headers: { authorization: `Bearer ${token.data.token}` },
    data: { status: 'Completada', service_id: service.id },
  });
  expect(done.status(), await done.text()).toBe(200);
  const row = detail.getByRole('row').filter({ hasText: serviceName });
  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText('$ 48.500');
  await expect(row.locator('[data-status="pending"]')).toHaveText('Pendiente');
  const id = Number(await row.getAttribute('data-billing-id'));

  for (const [label, status] of [
    ['Facturado', 'billed'],
    ['Pagado', 'paid'],
  ] as const) {
    await row.getByRole('combobox', { name: `Estado del registro ${id}` }).click();
    await page.getByRole('option', { name: label, exact: true }).click();
    await expect(row.locator(`[data-status="${status}"]`)).toHaveText(label);
  }

  await row.getByRole('button', { name: `Auditoría #${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Auditoría #${id}` });
  await expect(dialog).toBeVisible();
  const history = dialog.getByRole('row');
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toContainText(/Pendiente\s*Facturado/);
  await expect(history.nth(2)).toContainText(/Facturado\s*Pagado/);

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Descargar CSV' }).click();
  const path = testInfo.outputPath('auditoria.csv');
  await (await download).saveAs(path);
  const csv = await readFile(path, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('ID;Fecha;Estado anterior;Estado nuevo;Usuario;Nombre del usuario');
  expect(lines.slice(1).map((l) => l.split(';').slice(2, 4).join('→'))).toEqual([
    'Pendiente→Facturado',
    'Facturado→Pagado',
  ]);
});

test('reception reads billing without the status selector or the audit; agents do not see it', async ({
  page,
}) => {
  await loginViaUi(page, ACCOUNTS.reception);
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Facturación' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: /^Estado del registro/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Auditoría #/ })).toHaveCount(0);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginViaUi(page, ACCOUNTS.agent);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Facturación' })).toHaveCount(0);
});
