import type { Page } from '@playwright/test';
import { expectNoA11yViolations, settle } from './a11y-helpers';
import { apiAs } from './appointments-helpers';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';

/** The bell's unread count as shown (0 when the badge is not there). */
async function unreadOf(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-count');
  if ((await badge.count()) === 0) return 0;
  return Number((await badge.textContent())?.replace('+', '') ?? 0);
}

/** Signs the agent in and waits for the bell's own stream to be open. */
async function agentWithBell(page: Page) {
  const stream = page.waitForRequest(/\/api\/notifications\/stream/);
  await loginViaUi(page, ACCOUNTS.agent);
  await expect(page.getByTestId('notification-bell')).toBeVisible();
  await stream;
  // Let the first page of notifications settle before counting.
  await page.waitForLoadState('networkidle').catch(() => {});
}

test.describe('notifications', () => {
  test('an agenda cancelled by a supervisor rings the agent’s bell live; mark all read', async ({
    page,
    request,
  }) => {
    await agentWithBell(page);
    const before = await unreadOf(page);

    const sup = await apiAs(request);
    const { agenda } = await sup.agendaWithBooking();
    await sup.post(
      `/availabilities/${agenda.id}/cancel`,
      { message: 'El especialista no podrá atender; lo llamaremos para reprogramar', channel: 'llamada' },
      200,
    );

    // No reload: the stream tells the bell.
    await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByTestId('notification-bell').click();
    const panel = page.getByTestId('notification-panel');
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/Agenda cancelada: \d+ pacientes? por avisar$/).first()).toBeVisible();
    await expect(panel.getByText(/Mensaje: El especialista no podrá atender/).first()).toBeVisible();

    await settle(page);
    await page.screenshot({ path: 'test-results/notifications-panel-1440.png' });
    await expectNoA11yViolations(page, 'panel de notificaciones', '[data-testid="notification-panel"]');

    await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Marcar todas como leídas' })).toBeDisabled();
  });

  test('a transfer to the signed-in agent rings the bell; opening it marks it read and follows its link', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await agentWithBell(page);
    const before = await unreadOf(page);

    const token = await apiLogin(request, ACCOUNTS.supervisor);
    const headers = { authorization: `Bearer ${token}` };
    const found = await request.get('/api/notifications/recipients?q=agente', { headers });
    const agent = ((await found.json()) as { data: { id: number; email: string }[] }).data.find(
      (u) => u.email === ACCOUNTS.agent,
    )!;
    const res = await request.post('/api/transfers', {
      headers,
      data: { to_user_id: agent.id, reason: 'Paciente pide hablar con su agente', priority: 'Alta' },
    });
    expect(res.status(), await res.text()).toBe(201);

    await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(before + 1);
    await page.getByTestId('notification-bell').click();
    const item = page
      .getByTestId('notification-item')
      .filter({ hasText: 'Traslado de llamada para usted' })
      .first();
    await expect(item).toContainText('Paciente pide hablar con su agente');
    await settle(page);
    await page.screenshot({ path: 'test-results/notifications-panel-390.png' });
    await item.click();
    await expect(page).toHaveURL(/\/queue$/);
    await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBe(before);

    // The full list, from the bell.
    await page.getByTestId('notification-bell').click();
    await page.getByRole('link', { name: 'Ver todas las notificaciones' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeVisible();
    await expect(page.getByTestId('notification-item').first()).toBeVisible();
    await page.getByRole('button', { name: 'No leídas' }).click();
    await expect(page.getByRole('button', { name: 'No leídas' })).toHaveAttribute('aria-pressed', 'true');
    await settle(page);
    await page.screenshot({ path: 'test-results/notifications-page-390.png', fullPage: true });
    await expectNoA11yViolations(page, 'página de notificaciones');
  });

  test('Configuración shows my preferences and, to the admin, the outgoing e-mail', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/settings');
    const prefs = page.getByTestId('notification-preferences');
    await expect(prefs.getByRole('heading', { name: 'Mis notificaciones' })).toBeVisible();
    const toggle = prefs.getByRole('switch', { name: 'Auto-cancelación de agendas: por correo' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await prefs.getByRole('button', { name: 'Guardar preferencias' }).click();
    await expect(page.getByText('Preferencias guardadas')).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByTestId('notification-preferences')
        .getByRole('switch', { name: 'Auto-cancelación de agendas: por correo' }),
    ).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('heading', { name: 'Enviar notificación' })).toBeVisible();
    await expect(
      page.getByTestId('email-outbox').getByRole('heading', { name: 'Correo saliente' }),
    ).toBeVisible();
    await page.getByTestId('notification-preferences').scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/notifications-settings-1440.png', fullPage: true });
    await expectNoA11yViolations(
      page,
      'Configuración › Notificaciones',
      'section[aria-labelledby="notifications-heading"]',
    );
  });
});
