import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { apiAs, openDayList } from './appointments-helpers';
import { createViaApi, findCard, nextDocument, openPatients } from './patients-helpers';

/**
 * Issue 15, what a receptionist's first day found in the forms: a cancel without a message, the specialty usage
 * without the queue, phones cut to 15 characters, a future birth date accepted until the last step, the quick
 * appointment's stale error and 30-minute default, and wording.
 */

const notifications = (page: Page) => page.getByRole('region', { name: /Notificaciones/ });

/** A date input, whether the browser's own (ISO value) or one that is typed as dd/mm/aaaa. */
async function fillDate(field: Locator, iso: string) {
  if ((await field.getAttribute('type')) === 'date') return field.fill(iso);
  const [y, m, d] = iso.split('-');
  await field.fill(`${d}/${m}/${y}`);
}

test.describe('Formularios (issue 15)', () => {
  test.describe.configure({ timeout: 120_000 });

  test('cancelar una cita sin mensaje: el campo lo pide y la cita sigue confirmada', async ({ page }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const agenda = await api.bookFirst(patient.id, await api.futureAgendas());

    await loginViaUi(page, ACCOUNTS.reception);
    const row = await openDayList(page, agenda.date, patient.document);
    await row.getByRole('button', { name: `Gestionar cita de ${patient.name}` }).click();
    await page.getByRole('menuitem', { name: 'Cancelar cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar cita' });
    const message = dialog.getByLabel('Mensaje para el paciente');
    await message.fill('   ');
    await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click({ timeout: 5_000 });
    await expect(dialog.getByText('Debe escribir un mensaje para el paciente')).toBeVisible();
    await expect(message).toBeFocused();
    await expect(dialog).toBeVisible();
    expect((await api.appointmentsOf(patient.id))[0]!.status).toBe('Confirmada');

    // The message goes as soon as the field says something.
    await message.fill('El doctor no atenderá ese día; le llamaremos para reprogramar');
    await expect(dialog.getByText('Debe escribir un mensaje para el paciente')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click();
    await expect(notifications(page).getByText('Cita cancelada')).toBeVisible();
    const [cancelled] = await api.appointmentsOf(patient.id);
    expect(cancelled).toMatchObject({ status: 'Cancelada' });
  });

  test('una especialidad con pacientes en cola no se elimina, y el diálogo lo dice con la cola contada', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const specialty = await api.post<{ id: number; name: string }>('/specialties', {
      name: `Especialidad En Cola ${Date.now().toString(36)}`,
    });
    for (let i = 0; i < 2; i++) {
      const p = await api.newPatient();
      await api.post('/queue', { patient_id: p.id, specialty_id: specialty.id });
    }

    await loginViaUi(page);
    await page.goto('/settings/resources?tab=specialties');
    await page.getByLabel('Buscar especialidad').fill(specialty.name);
    await page.getByRole('button', { name: `Acciones de ${specialty.name}` }).click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Eliminar especialidad?' });
    await expect(confirm.getByRole('alert')).toContainText('No se puede eliminar');
    await expect(confirm.getByText('Está asignada a 0 doctores, 0 sedes y 2 en cola.')).toBeVisible();
    await expect(confirm.getByRole('button', { name: 'Eliminar' })).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page.getByRole('row', { name: new RegExp(specialty.name) })).toBeVisible();
  });

  test('el teléfono cuenta dígitos y se guarda como se escribió', async ({ page }) => {
    await openPatients(page, ACCOUNTS.reception);
    const document = nextDocument();
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await page.getByRole('button', { name: /Registro Rápido/ }).click();
    const quick = page.getByRole('dialog', { name: 'Registro Rápido' });
    await quick.getByLabel('Número de documento').fill(document);
    await quick.getByLabel('Nombre completo').fill('Gloria Inés Patiño');
    const phone = quick.getByLabel('Teléfono');

    // Ten characters but six digits: too few, as the message says.
    await phone.pressSequentially('(31) 55-51');
    await phone.blur();
    await expect(quick.getByText('El teléfono debe tener al menos 7 dígitos')).toBeVisible();

    // Eighteen characters, twelve digits: typed whole, kept whole.
    await phone.fill('');
    await phone.pressSequentially('+57 (310) 555-1234');
    await expect(phone).toHaveValue('+57 (310) 555-1234');
    await expect(quick.getByText('El teléfono debe tener al menos 7 dígitos')).toHaveCount(0);
    await quick.getByRole('button', { name: 'Registrar Paciente' }).click();
    await expect(notifications(page).getByText('Paciente creado')).toBeVisible();
    const card = await findCard(page, document);
    await expect(card).toContainText('+57 (310) 555-1234');

    // Sixteen digits are one too many, however they are written.
    await card.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Paciente' });
    const main = edit.getByLabel('Teléfono principal');
    await expect(main).toHaveValue('+57 (310) 555-1234');
    await main.fill('');
    await main.pressSequentially('+57 (310) 555-1234-5678');
    await expect(main).toHaveValue('+57 (310) 555-1234-5678');
    await expect(edit.getByText('El teléfono no puede exceder 15 dígitos')).toBeVisible();
  });

  test('una fecha de nacimiento futura se rechaza en el paso 1 del registro completo', async ({ page }) => {
    await openPatients(page, ACCOUNTS.reception);
    await page.getByRole('button', { name: 'Nuevo Paciente' }).click();
    await page.getByRole('button', { name: /Registro Completo/ }).click();
    const wizard = page.getByRole('dialog', { name: 'Registro Completo' });
    await wizard.getByLabel('Número de documento').fill(nextDocument());
    await wizard.getByLabel('Nombre completo').fill('Tomás Eduardo Rincón');
    const birth = wizard.getByLabel('Fecha de nacimiento');
    await fillDate(birth, `${new Date().getFullYear() + 1}-03-15`);
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText('La fecha de nacimiento no puede ser futura')).toBeVisible();
    await expect(wizard.getByText('Paso 1 de 5: Personal')).toBeVisible();

    await fillDate(birth, '1990-03-15');
    await expect(wizard.getByText('La fecha de nacimiento no puede ser futura')).toHaveCount(0);
    await wizard.getByRole('button', { name: 'Siguiente' }).click();
    await expect(wizard.getByText('Paso 2 de 5: Contacto')).toBeVisible();
  });

  test('cita rápida: el error del paciente se va al elegirlo y la duración es la del cupo de la agenda', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const agenda = (await api.futureAgendas()).find(
      (a) => (a as unknown as { duration_minutes: number }).duration_minutes === 20,
    );
    if (!agenda) throw new Error('No hay agendas futuras de 20 minutos en los datos de demostración');

    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto(`/daily-agenda?date=${agenda.date}`);
    await page.getByRole('button', { name: `Agendar con ${agenda.doctor_name}` }).click();
    const range = `${agenda.start_time.slice(0, 5)}–${agenda.end_time.slice(0, 5)}`;
    await page
      .getByRole('menu')
      .locator('div')
      .filter({ hasText: range })
      .filter({ has: page.getByRole('menuitem', { name: 'Registrar Cita' }) })
      .getByRole('menuitem', { name: 'Registrar Cita' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Registrar Cita Rápida' });
    await expect(dialog.getByLabel('Duración (minutos)')).toHaveText(/^20 minutos/);
    // The reason starts written (the consultation of the agenda's specialty); emptied, it is required.
    await expect(dialog.getByLabel('Motivo de la consulta')).toHaveValue(
      `Consulta de ${agenda.specialty_name}`,
    );
    await dialog.getByLabel('Motivo de la consulta').fill('');

    await dialog.getByRole('button', { name: 'Registrar Cita', exact: true }).click();
    await expect(dialog.getByText('Debe seleccionar un paciente')).toBeVisible();
    await expect(dialog.getByText('Debe especificar el motivo de la cita')).toBeVisible();
    const search = dialog.getByRole('combobox', { name: 'Buscar paciente' });
    await search.fill(patient.document);
    await dialog.getByRole('option', { name: new RegExp(patient.name) }).click();
    await expect(dialog.getByTestId('selected-patient')).toContainText(patient.name);
    await expect(dialog.getByText('Debe seleccionar un paciente')).toHaveCount(0);
    // The other message stays until its own field is right.
    await expect(dialog.getByText('Debe especificar el motivo de la cita')).toBeVisible();
    await dialog.getByLabel('Motivo de la consulta').fill('Control');
    await expect(dialog.getByText('Debe especificar el motivo de la cita')).toHaveCount(0);

    const sent = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/appointments',
    );
    await dialog.getByRole('button', { name: 'Registrar Cita', exact: true }).click();
    expect((await sent).postDataJSON()).toMatchObject({ duration_minutes: 20, availability_id: agenda.id });
  });

  test('asignación inteligente a la cola: el aviso dice una vez que se agregó y da la posición', async ({
    page,
  }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const specialty = await api.post<{ id: number; name: string }>('/specialties', {
      name: `Especialidad Sin Cupos ${Date.now().toString(36)}`,
    });

    await loginViaUi(page, ACCOUNTS.reception);
    await page.getByRole('button', { name: 'Nueva Cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignación Inteligente de Citas' });
    await dialog.getByRole('combobox', { name: 'Buscar paciente' }).fill(patient.document);
    await dialog.getByRole('option', { name: new RegExp(patient.name) }).click();
    await dialog.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: specialty.name, exact: true }).click();
    await dialog.getByRole('button', { name: 'Asignar Cita' }).click();
    await expect(dialog.getByTestId('smart-result')).toBeVisible();

    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'cola de espera' });
    await expect(toast).toHaveCount(1);
    await expect(toast.getByText('Agregado a cola de espera', { exact: true })).toHaveCount(1);
    await expect(toast).toContainText(`${patient.name} · posición 1 en ${specialty.name}`);
  });

  test('recepción ve «Inactivar» (no «Eliminar») y el aviso no supone el género de la paciente', async ({
    page,
  }) => {
    const document = nextDocument();
    await createViaApi(page, {
      document,
      name: 'Carmen Lucía Ardila',
      phone: '3001239876',
      gender: 'Femenino',
    });
    await openPatients(page, ACCOUNTS.reception);
    const card = await findCard(page, document);
    await card.getByRole('button', { name: /Más acciones/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Inactivar' }).click();

    const dialog = page.getByRole('dialog', { name: 'Inactivar Paciente' });
    await expect(dialog).toContainText('Carmen Lucía Ardila');
    await expect(dialog.getByRole('radio')).toHaveCount(0);
    await expect(dialog.getByText('Eliminar Permanentemente')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Inactivar', exact: true }).click();
    const toast = notifications(page).getByRole('listitem').filter({ hasText: 'Paciente inactivado' });
    await expect(toast).toContainText('Carmen Lucía Ardila pasó a estado Inactivo');
    await expect(toast).not.toContainText('inactivo y');
  });
});
