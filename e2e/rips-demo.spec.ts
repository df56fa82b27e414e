import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { toast } from './appointments-helpers';
import { orgToday } from './agendas-helpers';

/*
 * The demo produces a clean RIPS package (issue 34 item 7): its NIT, REPS code, doctors, patients and attendance
 * records pass every check, so last month's package without invoice (RS) lists no problem.
 * Last month: no other flow attends an appointment in it.
 */
test('last month of the demo packages with no problem', async ({ page }, testInfo) => {
  await loginViaUi(page, ACCOUNTS.reception);
  await page.goto('/rips');
  await expect(page.getByRole('heading', { level: 1, name: 'RIPS' })).toBeVisible();
  const today = orgToday();
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastDay = new Date(`${firstOfMonth}T12:00:00Z`);
  lastDay.setUTCDate(0);
  const to = lastDay.toISOString().slice(0, 10);
  const from = `${to.slice(0, 8)}01`;
  await page.getByLabel('Sin factura (RS)').check();
  await page.getByLabel('Desde').fill(from);
  await page.getByLabel('Hasta').fill(to);
  await page.getByRole('button', { name: 'Generar y validar' }).click();
  await expect(toast(page, 'Paquete generado sin problemas')).toBeVisible();
  await expect(page.getByText('Sin problemas: el paquete puede marcarse como listo.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rips-demo-clean.png'), fullPage: true });
});
