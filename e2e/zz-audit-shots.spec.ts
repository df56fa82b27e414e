import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';

test('shots', async ({ page, request }) => {
  const token = await apiLogin(request, ACCOUNTS.admin);
  const h = { authorization: `Bearer ${token}` };
  const res = await request.post('/api/users', { data: { name: 'Foto Pérez', email: `foto${Date.now()}@ips.co`, role: 'agent' }, headers: h });
  const id = (await res.json()).data.id;
  await request.put(`/api/users/${id}`, { data: { name: 'Foto Pérez Gómez', role: 'reception', department: 'Caja' }, headers: h });
  for (const size of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(size);
    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/audit');
    await expect(page.getByTestId('audit-summary')).toBeVisible();
    await page.screenshot({ path: `/tmp/audit-shot-${size.width}.png`, fullPage: true });
    await page.goto(`/audit?table_name=users&record_id=${id}`);
    await expect(page.getByTestId('audit-row')).toHaveCount(2);
    await page.getByTestId('audit-row').first().getByRole('button', { name: /Ver detalle/ }).click();
    await expect(page.getByRole('dialog').getByTestId('audit-field').first()).toBeVisible();
    await page.screenshot({ path: `/tmp/audit-detail-${size.width}.png` });
    await page.keyboard.press('Escape');
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
  }
});
