import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { apiAs, toast } from './appointments-helpers';
import { orgToday, tonightBlock, untilTimeLeftToday } from './agendas-helpers';

/*
 * RIPS (issue 20, decision 037): an appointment attended in Cola Diaria gets its attendance record, is billed, and
 * goes into a package; the package shows a problem for a patient without a zone, the zone is fixed from the
 * problem's link, and the rebuilt package's JSON carries it. The flow makes its own EPS, patient and agenda
 * (tonight, one slot) so that no other flow's data is used.
 */
async function setUp(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await apiLogin(request, ACCOUNTS.supervisor)}` };
  const call = async <T>(method: 'get' | 'post' | 'put' | 'patch', path: string, data?: unknown) => {
    const res = await request[method](`/api${path}`, { headers, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
  const stamp = Date.now().toString(36).toUpperCase();
  const eps = await call<{ id: number }>('post', '/eps', {
    name: `EPS RIPS ${stamp}`,
    code: `R${stamp}`.slice(0, 20),
  });
  const [municipality] = await call<{ id: number }[]>('get', '/municipalities?q=68001');
  const document = String(1_090_000_000 + (Date.now() % 9_000_000));
  const letters = stamp.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!);
  const name = `Paciente Rips ${letters}`;
  const patient = await call<{ id: number }>('post', '/patients', {
    document,
    document_type_id: 1,
    name,
    phone: '3001234567',
    birth_date: '1988-06-15',
    gender: 'Femenino',
    municipality_id: municipality!.id,
    insurance_eps_id: eps.id,
    insurance_affiliation_type: 'Contributivo',
  });
  const options = await call<{ doctors: { id: number; specialty_ids: number[]; location_ids: number[] }[] }>(
    'get',
    '/availabilities/smart-options',
  );
  for (const d of options.doctors) {
    const res = await request.post('/api/availabilities', {
      headers,
      data: {
        doctor_id: d.id,
        specialty_id: d.specialty_ids[0],
        location_id: d.location_ids[0],
        date: orgToday(),
        ...tonightBlock(),
        capacity: 1,
      },
    });
    if (res.status() !== 201) continue;
    const agenda = ((await res.json()) as { data: { id: number } }).data;
    const booked = await request.post('/api/appointments', {
      headers,
      data: { patient_id: patient.id, availability_id: agenda.id },
    });
    if (booked.status() !== 201) continue;
    const appointment = ((await booked.json()) as { data: { id: number; status: string } }).data;
    if (appointment.status !== 'Confirmada')
      await call('put', `/appointments/${appointment.id}`, { status: 'Confirmada' });
    return { eps, patient: { id: patient.id, name, document }, appointmentId: appointment.id, call };
  }
  throw new Error('Ningún doctor de los datos de demostración tiene libre esta noche');
}

test('attended, recorded, billed, packaged; a missing zone is fixed from its problem and the JSON downloaded', async ({
  page,
}, testInfo) => {
  test.slow();
  await untilTimeLeftToday(testInfo);
  await apiAs(page.request);
  const { eps, patient, appointmentId, call } = await setUp(page.request);

  // Cola Diaria: 'Atendida' in one click, then the attendance record from its toast.
  await loginViaUi(page, ACCOUNTS.reception);
  await page.goto(`/daily-queue?date=${orgToday()}`);
  await page.getByRole('searchbox', { name: 'Buscar paciente, documento o doctor' }).fill(patient.document);
  const row = page.getByTestId('daily-row').filter({ hasText: patient.name });
  await row.getByRole('button', { name: `Atendida: ${patient.name}` }).click();
  await expect(toast(page, 'Cita atendida')).toBeVisible();
  await page
    .getByRole('region', { name: /Notificaciones/ })
    .getByRole('button', { name: 'Registro de atención' })
    .click();
  const form = page.getByRole('dialog', { name: 'Registro de atención' });
  await expect(form.getByLabel('Modalidad')).toHaveValue('01');
  await form.getByRole('combobox', { name: /Diagnóstico principal/ }).fill('cefalea');
  await form.getByRole('option', { name: /R51X/ }).click();
  await form.getByRole('button', { name: 'Guardar registro' }).click();
  await expect(toast(page, 'Registro de atención guardado')).toBeVisible();
  await expect(form).toHaveCount(0);

  // Billed by a supervisor (reception reads billing; statuses are the managers').
  const records = await call<{ id: number; appointment_id: number | null }[]>(
    'get',
    `/appointment-billing?from=${orgToday()}&to=${orgToday()}&limit=200`,
  );
  const record = records.find((r) => r.appointment_id === appointmentId);
  expect(record, 'billing record of the appointment').toBeTruthy();
  await call('patch', `/appointment-billing/${record!.id}/status`, { status: 'billed' });

  // The package: the patient has no zone.
  await page.goto('/rips');
  await expect(page.getByRole('heading', { level: 1, name: 'RIPS' })).toBeVisible();
  const invoice = `FE${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  await page.getByLabel('Número de factura').fill(invoice);
  await page.getByLabel('Desde').fill(orgToday());
  await page.getByLabel('Hasta').fill(orgToday());
  await page.getByLabel('EPS').selectOption(String(eps.id));
  await page.getByRole('button', { name: 'Generar y validar' }).click();
  await expect(toast(page, /Paquete generado con \d+ problemas?/)).toBeVisible();
  // Grouped by cause with its count; the cause opens to its appointments, each with its link.
  const zone = page
    .getByTestId('problem-group')
    .filter({ hasText: 'El paciente no tiene zona territorial de residencia' });
  await expect(zone).toHaveCount(1);
  await expect(zone).toContainText('1 cita');
  await zone.getByRole('button', { name: 'Ver 1 cita' }).click();
  const item = page.getByRole('listitem').filter({ hasText: `Cita ${appointmentId}` });
  await item.getByRole('link', { name: 'Corregir' }).click();
  const fix = page.getByRole('dialog', { name: 'Datos RIPS del paciente' });
  await fix.getByLabel('Zona territorial de residencia').selectOption('02');
  await fix.getByRole('button', { name: 'Guardar' }).click();
  await expect(toast(page, 'Datos RIPS guardados')).toBeVisible();

  // Built again: the zone problem is gone, and the JSON (as validated) carries the zone.
  await page.getByRole('button', { name: 'Generar y validar' }).click();
  await expect(page.getByText(/Problemas del paquete \d+/)).toBeVisible();
  await expect(page.getByText('El paciente no tiene zona territorial de residencia')).toHaveCount(0);
  const first = page.getByRole('row').filter({ hasText: invoice }).first();
  const download = page.waitForEvent('download');
  await first.getByRole('link', { name: /Descargar JSON/ }).click();
  const path = testInfo.outputPath('rips.json');
  await (await download).saveAs(path);
  const json = JSON.parse(await readFile(path, 'utf8'));
  expect(json.numFactura).toBe(invoice);
  expect(json.usuarios).toHaveLength(1);
  expect(json.usuarios[0]).toMatchObject({
    numDocumentoIdentificacion: patient.document,
    codZonaTerritorialResidencia: '02',
    tipoUsuario: '01',
    codSexo: 'F',
    consecutivo: 1,
  });
  expect(json.usuarios[0].servicios.consultas[0]).toMatchObject({
    codDiagnosticoPrincipal: 'R51X',
    consecutivo: 1,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
  });
});
