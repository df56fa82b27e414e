import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { apiAs } from './appointments-helpers';
import { findCard } from './patients-helpers';

/*
 * The patient detail's 'Llamadas' (issue 17): the call center's calls linked to the patient and the call log,
 * read from their tables through paged reads.
 */
test("the patient detail lists the patient's calls and call logs", async ({ page }) => {
  const api = await apiAs(page.request);
  const patient = await api.newPatient();
  const headers = { authorization: `Bearer ${await apiLogin(page.request, ACCOUNTS.agent)}` };
  const call = await page.request.post('/api/calls', {
    headers,
    data: { patient_name: patient.name, patient_document: patient.document, agent_name: 'Agente Uno' },
  });
  expect(call.status(), await call.text()).toBe(201);
  const ended = await page.request.post(
    `/api/calls/${((await call.json()) as { data: { id: number } }).data.id}/end`,
    {
      headers,
      data: { outcome: 'Cita reprogramada' },
    },
  );
  expect(ended.status(), await ended.text()).toBe(200);
  const log = await page.request.post('/api/call-logs', {
    headers,
    data: { patient_id: patient.id, call_type: 'confirmation', notes: 'Confirmó asistencia' },
  });
  expect(log.status(), await log.text()).toBe(201);

  await loginViaUi(page, ACCOUNTS.reception);
  await page.goto('/patients');
  const card = await findCard(page, patient.document);
  await card.getByRole('button', { name: 'Ver' }).click();
  const detail = page.getByRole('dialog', { name: patient.name });
  await detail.getByRole('tab', { name: 'Llamadas' }).click();
  const calls = detail.getByRole('region', { name: /Llamadas del centro de llamadas/ });
  await expect(calls).toContainText('Llamadas del centro de llamadas (1)');
  await expect(calls).toContainText('Finalizada');
  await expect(calls).toContainText('Agente Uno');
  await expect(calls).toContainText('Cita reprogramada');
  const logs = detail.getByRole('region', { name: /Registro de llamadas/ });
  await expect(logs).toContainText('Registro de llamadas (1)');
  await expect(logs).toContainText('Confirmación');
  await expect(logs).toContainText('Confirmó asistencia');
});
