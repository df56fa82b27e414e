import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { apiAs, toast } from './appointments-helpers';
import { orgToday, untilTimeLeftToday } from './agendas-helpers';
import { allowAttendingTonight, bookedTonight } from './attendance-helpers';

/*
 * The service at attendance (issue 19, decision 031): 'Atendida' in the daily queue bills the default service in
 * one click; the arrow beside it lets the front desk name another service, and that service is what the billing
 * screen's record shows.
 */

/*
 * The appointments are booked tonight, hours ahead, and attended now: the settings' tolerance for attending
 * before the time (issue 34 item 19, default 60 min) is raised to its 24 hours for these flows.
 */
test.beforeAll(async ({ request }) => allowAttendingTonight(request));

/** Cola Diaria showing the patient's row (signed in as reception unless someone already is). */
async function openDailyRow(page: Page, patient: { document: string; name: string }, signIn = true) {
  if (signIn) await loginViaUi(page, ACCOUNTS.reception);
  await page.goto(`/daily-queue?date=${orgToday()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cola Diaria' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar paciente, documento o doctor' }).fill(patient.document);
  const row = page.getByTestId('daily-row').filter({ hasText: patient.name });
  await expect(row).toHaveCount(1);
  return row;
}

async function confirm(page: Page, patientId: number, headers: Record<string, string>) {
  const [appointment] = await (await apiAs(page.request)).appointmentsOf(patientId);
  if (appointment!.status === 'Confirmada') return;
  const confirmed = await page.request.put(`/api/appointments/${appointment!.id}`, {
    headers,
    data: { status: 'Confirmada' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

test("a specialty's default service, chosen in its dialog, is what 'Atendida' bills", async ({
  page,
}, testInfo) => {
  test.slow();
  await untilTimeLeftToday(testInfo);
  const api = await apiAs(page.request);
  const id = Date.now().toString(36).slice(-5).toUpperCase();
  const serviceName = `Consulta de dermatología ${id}`;
  const specialtyName = `Dermatología ${id}`;
  await api.post('/services', { name: serviceName, base_price: 81000 });

  await loginViaUi(page);
  await page.goto('/settings/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Recursos' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva especialidad' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva especialidad' });
  await dialog.getByLabel('Nombre').fill(specialtyName);
  await dialog.getByRole('combobox', { name: 'Servicio predeterminado' }).click();
  await page.getByPlaceholder('Buscar servicio o código CUPS').fill(`dermatologia ${id}`);
  await page.getByRole('option', { name: serviceName }).click();
  await dialog.getByRole('button', { name: 'Crear especialidad' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Buscar especialidad').fill(id);
  await expect(page.getByRole('row', { name: new RegExp(specialtyName) })).toContainText(serviceName);

  // A doctor of the new specialty, at a new site that offers it, booked tonight.
  const specialty = (await api.get<{ id: number; name: string }[]>(`/specialties?q=${id}`))[0]!;
  const location = await api.post<{ id: number }>('/locations', {
    name: `Sede Piel ${id}`,
    specialty_ids: [specialty.id],
  });
  const doctor = await api.post<{ id: number }>('/doctors', {
    name: `Doctora Piel ${id.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`,
    license_number: `RM-${id}`,
    specialty_ids: [specialty.id],
    location_ids: [location.id],
  });
  const { patient, headers } = await bookedTonight(page.request, api, [
    { id: doctor.id, specialty_ids: [specialty.id], location_ids: [location.id] },
  ]);
  await confirm(page, patient.id, headers);

  const row = await openDailyRow(page, patient, false);
  await row.getByRole('button', { name: `Atendida: ${patient.name}` }).click();
  await expect(toast(page, 'Cita atendida')).toBeVisible();
  await expect(row).toContainText('Completada');

  await page.goto('/billing');
  const record = page
    .getByRole('table', { name: 'Detalle de facturación' })
    .getByRole('row')
    .filter({ hasText: serviceName });
  await expect(record).toBeVisible({ timeout: 10_000 });
  await expect(record).toContainText('$ 81.000');
});

test('an appointment attended with another service is billed with that service', async ({
  page,
}, testInfo) => {
  test.slow();
  await untilTimeLeftToday(testInfo);
  const api = await apiAs(page.request);
  const serviceName = `Procedimiento menor ${Date.now().toString(36)}`;
  await api.post('/services', { name: serviceName, base_price: 73000 });
  const { patient, headers } = await bookedTonight(page.request, api);
  await confirm(page, patient.id, headers);

  const row = await openDailyRow(page, patient);
  await expect(row.getByRole('button', { name: `Atendida: ${patient.name}` })).toBeVisible();

  await row.getByRole('button', { name: `Atendida con otro servicio: ${patient.name}` }).click();
  const picker = page.getByRole('dialog', { name: `Servicio prestado a ${patient.name}` });
  const input = picker.getByRole('combobox', { name: 'Servicio prestado' });
  await expect(input).toBeFocused();
  await expect(picker.getByRole('button', { name: 'Marcar atendida' })).toBeDisabled();
  await input.fill(serviceName.slice(0, 22));
  await picker.getByRole('option', { name: serviceName }).click();
  await picker.getByRole('button', { name: 'Marcar atendida' }).click();
  await expect(toast(page, 'Cita atendida')).toBeVisible();
  await expect(picker).toHaveCount(0);
  await expect(row).toContainText('Completada');

  await page.goto('/billing');
  const detail = page.getByRole('table', { name: 'Detalle de facturación' });
  const record = detail.getByRole('row').filter({ hasText: serviceName });
  await expect(record).toBeVisible({ timeout: 10_000 });
  await expect(record).toContainText('$ 73.000');
  await expect(record.locator('[data-status="pending"]')).toHaveText('Pendiente');
});
