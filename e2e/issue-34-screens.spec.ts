import { type APIRequestContext, type Page } from '@playwright/test';
import { orgToday } from './agendas-helpers';
import { expectNothingClipped } from './clipping-helpers';
import { shownDate } from './field-helpers';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';

/**
 * Issue 34, what a clinic user sees at 1366×768 and 390×844: no cut control texts or figures, es-CO dates and
 * Spanish validation whatever the browser's language, audit labels in Spanish, the AI break rule on its field,
 * singular and plural.
 */

const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function api(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiLogin(request, ACCOUNTS.admin)}` };
  const call = async <T>(method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { data: T }).data;
  };
  return call;
}

async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('1366 px: nothing cut', () => {
  test.use({ viewport: DESKTOP });

  test('Historial and Auditoría filters read whole', async ({ page }) => {
    await loginViaUi(page);
    await open(page, '/calls/history', 'Historial de Llamadas');
    await expect(page.getByRole('combobox', { name: 'Prioridad' })).toHaveText('Todas las prioridades');
    await expectNothingClipped(page.getByRole('main'), 'Historial');

    await open(page, '/audit', 'Auditoría');
    const filters = page.getByRole('search', { name: 'Filtros de auditoría' });
    await expect(filters.getByPlaceholder('Elija una tabla')).toBeVisible();
    await expectNothingClipped(filters, 'Filtros de auditoría');
  });

  test('Facturación: whole amounts, the detail fits, its columns in Spanish', async ({ page }) => {
    await loginViaUi(page);
    await open(page, '/billing', 'Facturación');
    const detail = page.getByRole('table', { name: 'Detalle de facturación' });
    await expect(detail.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Total Final' })).toContainText('$');
    await expect(detail.getByRole('columnheader', { name: /Tarifa del doctor/ })).toBeVisible();
    await expect(detail.getByRole('columnheader', { name: 'Historial' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /override|audit/i })).toHaveCount(0);
    await expectNothingClipped(page.getByRole('main'), 'Facturación');
  });
});

test.describe('390 px: nothing cut', () => {
  test.use({ viewport: PHONE });

  test('Historial filters and the billing cards on a phone', async ({ page }) => {
    await loginViaUi(page);
    await open(page, '/calls/history', 'Historial de Llamadas');
    await expect(page.getByRole('combobox', { name: 'Prioridad' })).toBeVisible();
    // On a phone a wide table scrolls inside its frame; the controls and figures must still read whole.
    await expectNothingClipped(page.getByRole('main').locator('div.mb-4').first(), 'Filtros del historial');

    await open(page, '/billing', 'Facturación');
    for (const card of ['Total Final', 'Costo Base', 'Margen', 'Promedio Ticket', 'Top Servicio'])
      await expectNothingClipped(page.getByRole('region', { name: card }), card);
  });
});

test.describe('RIPS in an English browser', () => {
  test.use({ viewport: DESKTOP, locale: 'en-US' });

  test('dates read dd/mm/aaaa, no browser bubble, the history shows Acciones', async ({ page, request }) => {
    const call = await api(request);
    const today = orgToday();
    await call('post', '/rips/packages', { invoice_number: null, from: today, to: today });

    await loginViaUi(page);
    await open(page, '/rips', 'RIPS');
    const from = page.getByLabel('Desde');
    await expect(from).toHaveValue(shownDate(`${today.slice(0, 8)}01`));
    await expect(page.getByLabel('Hasta')).toHaveValue(shownDate(today));
    // The calendar button sits whole inside its field.
    const field = (await from.boundingBox())!;
    const icon = (await page.getByRole('button', { name: 'Abrir calendario' }).first().boundingBox())!;
    expect(icon.x).toBeGreaterThanOrEqual(field.x);
    expect(icon.x + icon.width).toBeLessThanOrEqual(field.x + field.width);

    // An empty invoice number: the form's Spanish message under the field, not the browser's.
    const form = page.locator('form').filter({ has: page.getByLabel('Número de factura') });
    expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
    await page.getByRole('button', { name: 'Generar y validar' }).click();
    const invoice = page.getByLabel('Número de factura');
    await expect(invoice).toHaveAttribute('aria-invalid', 'true');
    await expect(invoice).toBeFocused();
    await expect(page.getByText('Ingrese el número de factura o marque «Sin factura (RS)»')).toBeVisible();
    expect(await invoice.evaluate((i: HTMLInputElement) => i.validationMessage)).toBe('');

    // A date typed half: the Spanish message, in the field's order.
    await from.fill('31/02');
    await page.getByRole('checkbox', { name: 'Sin factura (RS)' }).check();
    await page.getByRole('button', { name: 'Generar y validar' }).click();
    await expect(page.getByText('La fecha inicial es obligatoria')).toBeVisible();

    const history = page.getByRole('columnheader', { name: 'Acciones' });
    await expect(history).toBeInViewport({ ratio: 1 });
    await expectNothingClipped(page.getByRole('main'), 'RIPS');
  });
});

test.describe('Spanish words', () => {
  test.use({ viewport: DESKTOP });

  test('Auditoría names call actions and settings in Spanish, and counts one change in the singular', async ({
    page,
    request,
  }) => {
    const call = await api(request);
    const created = await call<{ id: number }>('post', '/calls', {
      patient_name: 'Paciente Auditoría Uno',
      patient_phone: '310 555 0134',
    });
    await call('post', `/calls/${created.id}/attend`, { agent_name: 'Agente Auditoría' });
    await call('post', `/calls/${created.id}/hold`, {});
    // Attended once more and ended: the call does not stay in the other flows' waiting queue.
    await call('post', `/calls/${created.id}/attend`, { agent_name: 'Agente Auditoría' });
    await call('post', `/calls/${created.id}/end`, {});
    const settings = await call<{ ai_response_timeout_seconds: number }>('get', '/settings');
    const before = settings.ai_response_timeout_seconds;
    await call('put', '/settings', { ai_response_timeout_seconds: before === 7 ? 8 : 7 });
    await call('put', '/settings', { ai_response_timeout_seconds: before });

    await loginViaUi(page);
    await open(page, `/audit?table_name=calls&record_id=${created.id}`, 'Auditoría');
    const rows = page.getByTestId('audit-row');
    await expect(rows.filter({ hasText: 'Atención' })).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Puesta en espera' })).toHaveCount(1);
    await expect(page.getByRole('main')).not.toContainText(/\b(attend|hold)\b/);

    await open(page, `/audit?table_name=calls&record_id=${created.id}&action=attend`, 'Auditoría');
    await expect(rows).toHaveCount(2);
    await open(page, `/audit?table_name=calls&record_id=${created.id}&action=hold`, 'Auditoría');
    await expect(rows).toHaveCount(1);
    await expect(page.getByText('Mostrando 1–1 de 1 cambio', { exact: true })).toBeVisible();

    await open(page, '/audit?table_name=settings&record_id=ai_response_timeout_seconds', 'Auditoría');
    await expect(
      rows.first().getByText('Asistente de IA: tiempo de respuesta (segundos)', { exact: true }),
    ).toBeVisible();
    await rows
      .first()
      .getByRole('button', { name: /Ver detalle/ })
      .click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText('Asistente de IA: tiempo de respuesta (segundos)');
  });

  test('AI settings: a break start outside the active hours says so on the start field', async ({
    page,
    request,
  }) => {
    const call = await api(request);
    const s = await call<{ ai_start_time: string; ai_break_start: string; ai_break_end: string }>(
      'get',
      '/settings',
    );
    test.skip(s.ai_start_time === '00:00' || s.ai_break_start !== '', 'needs hours after midnight, no break');

    await loginViaUi(page);
    await open(page, '/settings/ai', /Configuración de IA/);
    const start = page.getByLabel('Inicio del descanso');
    await start.fill('00:00');
    await start.blur();
    await expect(page.locator('#ai_break_start-error')).toHaveText('Fuera del horario activo');
    await expect(start).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#ai_break_end-error')).toHaveText('Requerido');
  });

  test('the calls dashboard counts in the singular for one', async ({ page, request }) => {
    const call = await api(request);
    const d = await call<{ stats: { measures: { answered: number; offered: number } } }>(
      'get',
      '/calls/dashboard',
    );
    const m = d.stats.measures;
    const word = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

    await loginViaUi(page);
    await open(page, '/calls/dashboard', /Dashboard de Llamadas/);
    await expect(page.getByRole('main')).toContainText(
      `${word(m.answered, 'atendida')} de ${word(m.offered, 'recibida')}`,
    );
    await expect(page.getByRole('main')).not.toContainText(/\b1 (atendidas|recibidas|abandonadas)\b/);
  });
});
