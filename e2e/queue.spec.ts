import { readFileSync } from 'node:fs';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { apiAs, toast, type Agenda } from './appointments-helpers';
import { fillDate } from './field-helpers';

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/**
 * A specialty the smart assignment cannot serve in the evening ('Noche', from 18:00) although it has agendas
 * with free slots after today: every agenda of it with free slots ends by 18:00. Chosen from the live data, so
 * agendas created by other flows cannot make it wrong.
 */
function specialtyWithoutEvenings(withSlots: Agenda[], future: Agenda[]): Agenda {
  const bySpecialty = new Map<number, Agenda[]>();
  for (const a of withSlots) bySpecialty.set(a.specialty_id, [...(bySpecialty.get(a.specialty_id) ?? []), a]);
  const candidate = future.find((f) =>
    (bySpecialty.get(f.specialty_id) ?? []).every((a) => minutes(a.end_time) <= minutes('18:00')),
  );
  if (!candidate) throw new Error('Ninguna especialidad con agendas futuras termina antes de las 18:00');
  return candidate;
}

test.describe('Cola de Espera', () => {
  test.describe.configure({ timeout: 120_000 });

  test('de la asignación inteligente a la cola (en vivo), asignación desde la cola y PDF', async ({
    page,
    browser,
    baseURL,
  }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const withSlots = await api.get<Agenda[]>('/availabilities/active?with_slots=true');
    const target = specialtyWithoutEvenings(withSlots, await api.futureAgendas());
    const token = await apiLogin(page.request, ACCOUNTS.supervisor);
    const waitingCount = async () => {
      const res = await page.request.get('/api/queue/overview', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
      const { data } = (await res.json()) as { data: { total_waiting: number; total_assigned: number } };
      return data.total_waiting + data.total_assigned;
    };

    // The watcher: the admin on another page, the sidebar badge in view.
    await loginViaUi(page);
    await page.goto('/patients');
    const badge = page.getByTestId('sidebar').getByTestId('queue-badge');
    const before = await waitingCount();
    await expect(badge).toHaveText(String(before));

    // Another agent, in another browser, runs the smart assignment: nothing fits in the evening → the queue.
    const other = await browser.newContext({ baseURL, locale: 'es-CO', timezoneId: 'America/Bogota' });
    const agent = await other.newPage();
    await loginViaUi(agent, ACCOUNTS.agent);
    await agent.goto('/');
    await agent.getByRole('button', { name: 'Nueva Cita' }).click();
    const smart = agent.getByRole('dialog', { name: 'Asignación Inteligente de Citas' });
    await smart.getByRole('combobox', { name: 'Buscar paciente' }).fill(patient.document);
    await smart.getByRole('option', { name: new RegExp(patient.name) }).click();
    await smart.getByRole('combobox', { name: 'Especialidad' }).click();
    await agent.getByRole('option', { name: target.specialty_name, exact: true }).click();
    await smart.getByRole('combobox', { name: 'Franja preferida' }).click();
    await agent.getByRole('option', { name: 'Noche (desde las 18:00)' }).click();
    await smart.getByRole('combobox', { name: 'Prioridad (si pasa a cola de espera)' }).click();
    await agent.getByRole('option', { name: 'Alta', exact: true }).click();
    await smart
      .getByLabel('Motivo de la consulta')
      .fill('Valoración prioritaria por dolor persistente en rodilla derecha');
    await smart.getByRole('button', { name: 'Asignar Cita' }).click();
    await expect(smart.getByTestId('smart-result')).toContainText('Agregado a cola de espera');
    await other.close();

    // Live on the watcher's screen: no reload, and faster than the 30 s polling.
    await expect(badge).toHaveText(String(before + 1), { timeout: 8_000 });
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /^Cola de Espera/ })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cola de Espera' })).toBeVisible();
    await page.getByRole('searchbox', { name: /Buscar paciente, documento/ }).fill(patient.document);
    const row = page.getByTestId('queue-entry').filter({ hasText: patient.name });
    await expect(row).toHaveCount(1);

    // The page follows the queue stream too: a patient queued elsewhere appears without a reload.
    const late = await api.newPatient();
    await api.post('/queue', {
      patient_id: late.id,
      specialty_id: target.specialty_id,
      priority_level: 'Urgente',
    });
    await page.getByRole('searchbox', { name: /Buscar paciente, documento/ }).fill(late.document);
    await expect(page.getByTestId('queue-entry').filter({ hasText: late.name })).toHaveCount(1, {
      timeout: 8_000,
    });
    await expect(badge).toHaveText(String(before + 2), { timeout: 8_000 });
    await page.getByRole('searchbox', { name: /Buscar paciente, documento/ }).fill(patient.document);
    await expect(row.getByTestId('priority-badge')).toHaveText('Alta');
    await expect(row).toContainText(/\d+ min|\dh \d+m/);
    await page.getByRole('searchbox', { name: /Buscar paciente, documento/ }).fill('');

    // The specialty's PDF: a real file named after it.
    await page.getByRole('combobox', { name: 'Filtrar por especialidad' }).click();
    await page.getByRole('option', { name: target.specialty_name, exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar PDF', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^Cola_Espera_[A-Za-z0-9_-]+_\d{8}_\d{6}\.pdf$/);
    expect(download.suggestedFilename()).not.toContain('Todas_Especialidades');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(toast(page, 'PDF generado')).toBeVisible();
    // The toast sits over the bottom-right corner, where a short list's actions can be: let it go first.
    await expect(toast(page, 'PDF generado')).toBeHidden();

    // Assign from the queue: a choice is required, then a confirmation.
    await row.getByRole('button', { name: `Asignar cita a ${patient.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignar Cita desde Cola de Espera' });
    await expect(dialog.getByTestId('entry-summary')).toContainText(target.specialty_name);
    await expect(dialog.getByTestId('entry-summary')).toContainText('Valoración prioritaria');
    await expect(dialog.getByText('Cargando agendas disponibles...')).toBeHidden();
    await dialog.getByRole('button', { name: 'Asignar Cita', exact: true }).click();
    await expect(dialog.getByText('Seleccione una agenda')).toBeVisible();
    const options = dialog.getByRole('radiogroup', { name: 'Agendas disponibles' }).getByRole('radio');
    await expect(options.first()).toBeVisible();
    await options.first().click();
    await dialog.getByRole('button', { name: 'Asignar Cita', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar asignación' }).click();
    await expect(toast(page, '¡Cita asignada exitosamente!')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(badge).toHaveText(String(before + 1));

    const appointments = await api.appointmentsOf(patient.id);
    expect(appointments.map((a) => a.status)).toEqual(['Confirmada']);

    // The day's queue of that date lists the new appointment.
    const day = appointments[0]!.scheduled_at.slice(0, 10);
    await page.getByTestId('sidebar').getByRole('link', { name: 'Cola Diaria' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cola Diaria' })).toBeVisible();
    await fillDate(page.getByLabel('Fecha de la cola'), day);
    await page.getByRole('searchbox', { name: 'Buscar paciente, documento o doctor' }).fill(patient.document);
    const daily = page.getByTestId('daily-row').filter({ hasText: patient.name });
    await expect(daily).toHaveCount(1);
    await expect(daily).toContainText('Confirmada');
    await expect(daily).toContainText(appointments[0]!.scheduled_at.slice(11, 16));
  });
});
