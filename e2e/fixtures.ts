import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export const DEMO_PASSWORD = 'Demo2026!';
export const ACCOUNTS = {
  admin: 'admin@demo.ips.co',
  supervisor: 'supervisor@demo.ips.co',
  agent: 'agente@demo.ips.co',
  doctor: 'doctor@demo.ips.co',
  reception: 'recepcion@demo.ips.co',
} as const;

/** The server started by global-setup.ts. */
export const test = base.extend({
  // Playwright reads the fixture's dependencies from this destructuring, so it must be present even when empty.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL no está definido: ¿se ejecutó global-setup?');
    await use(url);
  },
});

export async function fillLogin(page: Page, email: string, password: string = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
}

/** Signs in through the login page and waits for the first page of the shell. */
export async function loginViaUi(page: Page, email: string = ACCOUNTS.admin): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** Opens another session for an account straight through the API (another "device"); returns its token. */
export async function apiLogin(
  request: APIRequestContext,
  email: string,
  userAgent?: string,
): Promise<string> {
  const res = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: userAgent ? { 'user-agent': userAgent } : undefined,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
