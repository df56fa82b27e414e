import { type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect, loginViaUi } from './fixtures';

/** Unique cédulas per run (the database is shared by every flow of the run). */
let seq = Number(String(Date.now()).slice(-6)) * 100;
export const nextDocument = () => String(1_090_000_000 + seq++);

export async function openPatients(page: Page, email: string = ACCOUNTS.admin) {
  await loginViaUi(page, email);
  // Pacientes is the first page of the menu today; go there explicitly if that changes.
  if (!/\/patients$/.test(page.url())) await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Pacientes' })).toBeVisible();
  await expect(page.getByTestId('patients-grid')).toBeVisible();
}

export async function choose(page: Page, trigger: Locator, option: string) {
  await trigger.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Searches the directory and returns the one card of that document. */
export async function findCard(page: Page, document: string) {
  await page.getByLabel('Buscar', { exact: true }).fill(document);
  const card = page.getByTestId('patient-card').filter({ hasText: document });
  await expect(card).toHaveCount(1);
  return card;
}

export async function createViaApi(page: Page, body: Record<string, unknown>) {
  const token = await apiLogin(page.request, ACCOUNTS.supervisor);
  const res = await page.request.post('/api/patients', {
    data: body,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(201);
}

export const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notificaciones/ }).getByText(text);
