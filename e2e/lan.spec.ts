import { expect, fillLogin, test } from './fixtures';
import { CHROMIUM_ARGS } from './playwright.config';

/*
 * A small clinic runs the app as documented: plain HTTP on 0.0.0.0:4000, opened from the reception PCs as
 * http://192.168.x.y:4000. For Chromium such an origin is neither HTTPS nor localhost (not a secure context), so
 * a CSP `upgrade-insecure-requests` rewrites every script and style to https://192.168.x.y:4000, where nothing
 * answers, and the page stays blank (decision 022).
 *
 * Why a mapped host name instead of the machine's LAN address: this test environment forbids traffic to
 * non-loopback private addresses. `--host-resolver-rules` makes Chromium resolve ips-clinica.lan to 127.0.0.1,
 * so for the browser the origin http://ips-clinica.lan:<port> is exactly a LAN address (plain HTTP, not
 * localhost, not a secure context: the same upgrade and HSTS rules apply) while the packets stay on loopback.
 * The server started by global-setup.ts listens on 127.0.0.1.
 */
const LAN_HOST = 'ips-clinica.lan';

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`],
  },
});

test.describe('Red local por HTTP', () => {
  test('la aplicación carga por http://<nombre en la red>:<puerto> y se puede iniciar sesión', async ({
    page,
    baseURL,
  }) => {
    const lan = new URL(baseURL!);
    lan.hostname = LAN_HOST;
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText ?? ''}`));

    const response = await page.goto(new URL('/login', lan).toString());
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);

    await fillLogin(page, 'admin@demo.ips.co');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).origin).toBe(lan.origin);
    expect(failed).toEqual([]);
  });
});
