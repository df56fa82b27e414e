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

/** The keys of the signed-in state in localStorage (apps/web/src/lib/auth-storage.ts). */
const AUTH_KEYS = ['token', 'user', 'isAuthenticated', 'expires_at'];
/**
 * The signed-in state of each account in this worker, as Playwright's storageState would keep it: the first sign-in
 * of an account goes through the login page, the later ones reuse its session while the server still accepts it.
 */
const signedIn = new Map<string, Record<string, string>>();
let initScripts = 0;

async function stillSignedIn(page: Page, state: Record<string, string> | undefined): Promise<boolean> {
  if (!state?.token) return false;
  // A flow may have signed out, revoked the account's sessions or let the token near its expiry (decision 044).
  const expiresAt = Date.parse(state.expires_at ?? '');
  if (Number.isFinite(expiresAt) && expiresAt - Date.now() < 15 * 60_000) return false;
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${state.token}` } });
  return me.ok();
}

/**
 * Signs in and waits for the first page of the shell: through the login page the first time for the account in
 * this worker (and whenever its session has ended), else with that same signed-in state put in the browser's
 * storage, which saves the login page and a password check per flow. The login screen itself is tested with
 * fillLogin (auth.spec.ts, password.spec.ts).
 */
export async function loginViaUi(page: Page, email: string = ACCOUNTS.admin): Promise<void> {
  const state = signedIn.get(email);
  const reuse = await stillSignedIn(page, state);
  if (reuse) {
    // Once per tab (sessionStorage): a later sign-out or reload in the flow is not undone.
    await page.addInitScript(
      ({ key, items }) => {
        if (sessionStorage.getItem(key)) return;
        sessionStorage.setItem(key, '1');
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      },
      { key: `e2e-signed-in-${++initScripts}`, items: state! },
    );
    await page.goto('/');
  } else {
    await page.goto('/login');
    await fillLogin(page, email);
  }
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  if (!reuse) {
    const items = await page.evaluate(
      (keys) =>
        Object.fromEntries(
          keys.flatMap((k) => (localStorage.getItem(k) === null ? [] : [[k, localStorage.getItem(k)!]])),
        ),
      AUTH_KEYS,
    );
    signedIn.set(email, items);
  }
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
