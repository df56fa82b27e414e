import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { apiAs, toast } from './appointments-helpers';
import { orgToday } from './agendas-helpers';

/*
 * The service at attendance (issue 19, decision 031): 'Atendida' in the daily queue bills the default service in
 * one click; the arrow beside it lets the front desk name another service, and that service is what the billing
 * screen's record shows.
 */

/** A one-slot agenda tonight for the first doctor free then, and the new patient booked into it. */
async function bookedTonight(request: APIRequestContext, api: Awaited<ReturnType<typeof apiAs>>) {
  const headers = { authorization: `Bearer ${await apiLogin(request, ACCOUNTS.supervisor)}` };
  const post = (path: string, data: unknown) => request.post(`/api${path}`, { headers, data });
  const options = await api.get<{
    doctors: { id: number; specialty_ids: number[]; location_ids: number[] }[];
  }>('/availabilities/smart-options');
  const patient = await api.newPatient();
  for (const d of options.doctors) {
    const res = await post('/availabilities', {
      doctor_id: d.id,
      specialty_id: d.specialty_ids[0],
      location_id: d.location_ids[0],
      date: orgToday(),
      start_time: '21:00',
      end_time: '22:00',
      capacity: 1,
      duration_minutes: 60,
    });
    if (res.status() !== 201) continue;
    const agenda = ((await res.json()) as { data: { id: number } }).data;
    const booked = await post('/appointments', { patient_id: patient.id, availability_id: agenda.id });
    if (booked.status() === 201) return { patient, headers };
  }
  throw new Error('Ningún doctor de los datos de demostración tiene libre esta noche');
}

test('an appointment attended with another service is billed with that service', async ({ page }) => {
  test.slow();
  const api = await apiAs(page.request);
  const serviceName = `Procedimiento menor ${Date.now().toString(36)}`;
  await api.post('/services', { name: serviceName, base_price: 73000 });
  const { patient, headers } = await bookedTonight(page.request, api);
  const [appointment] = await api.appointmentsOf(patient.id);
  if (appointment!.status !== 'Confirmada') {
    const confirmed = await page.request.put(`/api/appointments/${appointment!.id}`, {
      headers,
      data: { status: 'Confirmada' },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }

  await loginViaUi(page, ACCOUNTS.reception);
  await page.goto(`/daily-queue?date=${orgToday()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Cola Diaria' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar paciente, documento o doctor' }).fill(patient.document);
  const row = page.getByTestId('daily-row').filter({ hasText: patient.name });
  await expect(row).toHaveCount(1);
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
