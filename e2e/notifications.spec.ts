import type { Page } from '@playwright/test';
import { expectNoA11yViolations, settle } from './a11y-helpers';
import { apiAs } from './appointments-helpers';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { futureWorkingDay, selectDay } from './agendas-helpers';
import { deliveredMail } from './smtp-stand-in';

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
    test.slow(); // a screenshot and an axe scan: slow on a loaded machine
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
    // A reason of its own: other flows (and a retry) leave transfers, and background work (freed-slot offers
    // expiring, alerts) may ring the same bell while this flow runs, so the flow follows its own notification.
    const reason = `Paciente pide hablar con su agente ${Date.now()}`;
    const res = await request.post('/api/transfers', {
      headers,
      data: { to_user_id: agent.id, reason, priority: 'Alta' },
    });
    expect(res.status(), await res.text()).toBe(201);

    await expect.poll(() => unreadOf(page), { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByTestId('notification-bell').click();
    const item = page
      .getByTestId('notification-item')
      .filter({ hasText: 'Traslado de llamada para usted' })
      .filter({ hasText: reason });
    await expect(item).toContainText('Sin leer');
    await settle(page);
    await page.screenshot({ path: 'test-results/notifications-panel-390.png' });
    await item.click();
    await expect(page).toHaveURL(/\/queue$/);
    // Opened is read: the panel shows it without the unread mark, and the API says so.
    await page.getByTestId('notification-bell').click();
    await expect(item).toBeVisible();
    await expect(item).not.toContainText('Sin leer');
    const agentToken = await apiLogin(request, ACCOUNTS.agent);
    const mine = await request.get('/api/notifications/my?limit=50', {
      headers: { authorization: `Bearer ${agentToken}` },
    });
    const rows = ((await mine.json()) as { data: { body: string | null; read_at: string | null }[] }).data;
    expect(rows.find((n) => n.body?.includes(reason))?.read_at).not.toBeNull();
    await page.keyboard.press('Escape');

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
    test.slow(); // a full-page screenshot and an axe scan
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/settings');
    const prefs = page.getByTestId('notification-preferences');
    await expect(prefs.getByRole('heading', { name: 'Mis notificaciones' })).toBeVisible();
    const toggle = prefs.getByRole('switch', { name: 'Auto-cancelación de agendas: por correo' });
    // A retry finds the preference saved by the first try: it flips whatever is there.
    await expect(toggle).toHaveAttribute('aria-checked', /true|false/);
    const next = (await toggle.getAttribute('aria-checked')) === 'true' ? 'false' : 'true';
    await toggle.click();
    await prefs.getByRole('button', { name: 'Guardar preferencias' }).click();
    await expect(page.getByText('Preferencias guardadas')).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByTestId('notification-preferences')
        .getByRole('switch', { name: 'Auto-cancelación de agendas: por correo' }),
    ).toHaveAttribute('aria-checked', next);
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
  test('the administrator sends the test e-mail and the SMTP server receives it', async ({ page }) => {
    test.slow();
    const to = `sistemas.${Date.now().toString(36)}@ips.test`;
    await loginViaUi(page, ACCOUNTS.admin);
    await page.goto('/settings');
    // The server has SMTP configured (global setup): the alerts card does not warn.
    await expect(page.getByRole('heading', { name: 'Alertas por correo' })).toBeVisible();
    await expect(page.getByTestId('email-not-configured')).toHaveCount(0);
    const card = page.getByTestId('email-outbox');
    await card.getByLabel('Correo de destino').fill(to);
    await card.getByRole('button', { name: 'Enviar correo de prueba' }).click();
    await expect(page.getByText('Correo de prueba en cola de envío')).toBeVisible();
    await expect
      .poll(() => deliveredMail().filter((m) => m.to.includes(to)).length, { timeout: 15_000 })
      .toBe(1);
    // The card refreshes every 10 s; a reload shows the settled status at once.
    await page.reload();
    const row = page.getByTestId('email-outbox').getByTestId('outbox-row').filter({ hasText: to });
    await expect(row).toContainText('Enviado', { timeout: 20_000 });
  });

  test('a cancelled agenda e-mails its patient, and its details show the notice sent', async ({ page }) => {
    test.slow();
    const api = await apiAs(page.request);
    const token = await apiLogin(page.request, ACCOUNTS.supervisor);
    const headers = { authorization: `Bearer ${token}` };
    const day = await futureWorkingDay(page.request, token, 45);
    const tag = Date.now().toString(36);
    const email = `paciente.${tag}@correo.test`;
    const patient = await api.post<{ id: number; name: string }>('/patients', {
      document: String(1_090_000_000 + (Date.now() % 9_000_000)),
      name: `Paciente Aviso ${tag.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`,
      phone: '3001234567',
      email,
    });
    const options = await api.get<{
      doctors: { id: number; name: string; specialty_ids: number[]; location_ids: number[] }[];
    }>('/availabilities/smart-options');
    let agenda: { id: number; doctor: string } | null = null;
    for (const d of options.doctors) {
      const res = await page.request.post('/api/availabilities', {
        headers,
        data: {
          doctor_id: d.id,
          specialty_id: d.specialty_ids[0],
          location_id: d.location_ids[0],
          date: day,
          start_time: '19:00',
          end_time: '20:00',
          capacity: 2,
          duration_minutes: 30,
        },
      });
      if (res.status() !== 201) continue;
      const id = ((await res.json()) as { data: { id: number } }).data.id;
      const booked = await page.request.post('/api/appointments', {
        headers,
        data: { patient_id: patient.id, availability_id: id },
      });
      if (booked.status() === 201) {
        agenda = { id, doctor: d.name };
        break;
      }
    }
    expect(agenda, 'un doctor libre a las 19:00 del día elegido').not.toBeNull();
    const cancelled = await page.request.post(`/api/availabilities/${agenda!.id}/cancel`, {
      headers,
      data: { message: 'El doctor no atenderá este día.', channel: 'sistema' },
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect
      .poll(() => deliveredMail().filter((m) => m.to.includes(email)).length, { timeout: 20_000 })
      .toBe(1);
    const mail = deliveredMail().find((m) => m.to.includes(email))!;
    expect(mail.subject).toContain('fue cancelada');
    expect(mail.text).toContain('El doctor no atenderá este día.');

    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/appointments');
    await selectDay(page, day);
    const card = page
      .getByRole('region', { name: 'Agendas del Día Seleccionado' })
      .getByRole('article', { name: `Agenda de ${agenda!.doctor}` })
      .filter({ hasText: '19:00' });
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Ver detalles' }).click();
    const details = page.getByRole('dialog', { name: 'Detalles de la agenda' });
    const notices = details.getByTestId('patient-notices');
    await expect(notices.getByRole('heading', { name: 'Avisos a pacientes' })).toBeVisible();
    const notice = notices.getByTestId('patient-notice').filter({ hasText: patient.name });
    await expect(notice).toContainText(email);
    await expect(notice).toContainText('Enviado', { timeout: 20_000 });
  });
});
