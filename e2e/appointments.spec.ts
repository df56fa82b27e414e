import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { apiAs, openDayList, toast } from './appointments-helpers';
import { fillTime } from './field-helpers';

test.describe('Citas', () => {
  test.describe.configure({ timeout: 90_000 });

  test('cita rápida desde el Panel de Citas Médicas', async ({ page }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    await loginViaUi(page, ACCOUNTS.reception);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de Citas Médicas' })).toBeVisible();
    await expect(page.getByTestId('last-updated')).toContainText('Última actualización');
    for (const card of ['Total Citas', 'Confirmadas', 'Pendientes', 'Cupos Totales', 'Disponibles'])
      await expect(page.getByRole('region', { name: card })).toBeVisible();

    const dialog = page.getByRole('dialog', { name: 'Registrar Cita Rápida' });
    const search = dialog.getByRole('combobox', { name: 'Buscar paciente' });
    // An agenda below capacity may still have its hours taken by pending appointments: then the next one.
    for (let i = 0; i < 5; i++) {
      await page
        .getByTestId('upcoming-item')
        .nth(i)
        .getByRole('button', { name: /Agendar/ })
        .click();
      await expect(dialog.getByTestId('agenda-info')).toContainText('cupo');
      if (i === 0) {
        // Incomplete: no patient, no reason.
        await dialog.getByRole('button', { name: 'Registrar Cita', exact: true }).click();
        await expect(toast(page, 'Formulario incompleto')).toBeVisible();
        await search.fill('zzqx');
        await expect(dialog.getByText('No se encontraron pacientes')).toBeVisible();
        await expect(dialog.getByText('Intenta con otro nombre o documento')).toBeVisible();
      }
      await search.fill(patient.document);
      await expect(dialog.getByRole('option', { name: new RegExp(patient.name) })).toBeVisible();
      await search.press('ArrowDown');
      await search.press('Enter');
      await expect(dialog.getByTestId('selected-patient')).toContainText(patient.name);
      await dialog.getByLabel('Motivo de la consulta').fill('Control de tensión arterial');
      await dialog.getByRole('button', { name: 'Registrar Cita', exact: true }).click();
      const done = toast(page, 'Cita registrada exitosamente');
      const failed = toast(page, 'Error al registrar la cita');
      await expect(done.or(failed)).toBeVisible();
      if (await done.isVisible()) break;
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    }
    await expect(toast(page, new RegExp(`${patient.name} · .* a las \\d{2}:\\d{2}`))).toBeVisible();
    await expect(dialog).toBeHidden();
    const booked = await api.appointmentsOf(patient.id);
    expect(booked.map((a) => a.status)).toEqual(['Confirmada']);
  });

  test('cita manual desde una agenda: el choque de horario se muestra y bloquea', async ({ page }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const { agenda, taken } = await api.agendaWithBooking();
    const sameDoctor = (
      await api.get<{ id: number; doctor_id: number; status: string }[]>(
        `/availabilities?date=${agenda.date}&doctor_id=${agenda.doctor_id}`,
      )
    ).filter((a) => a.status === 'Activa');

    await loginViaUi(page);
    await page.goto(`/daily-agenda?date=${agenda.date}`);
    await page.getByRole('button', { name: `Agendar con ${agenda.doctor_name}` }).click();
    await page
      .getByRole('menuitem', { name: 'Cita Manual' })
      .nth(sameDoctor.findIndex((a) => a.id === agenda.id))
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cita Manual' });
    await expect(dialog.getByLabel('Doctor')).toHaveValue(agenda.doctor_name);
    await expect(dialog.getByLabel('Doctor')).toBeDisabled();

    const search = dialog.getByRole('combobox', { name: 'Buscar paciente' });
    await search.fill(patient.document);
    await dialog.getByRole('option', { name: new RegExp(patient.name) }).click();
    // The suggested free time is filled in; then the time of an existing appointment is chosen.
    await expect(dialog.getByRole('textbox', { name: 'Hora', exact: true })).not.toHaveValue('');
    await fillTime(
      dialog.getByRole('textbox', { name: 'Hora', exact: true }),
      taken.scheduled_at.slice(11, 16),
    );
    const banner = dialog.getByTestId('conflict-banner');
    await expect(banner).toContainText('Conflicto de agenda');
    await expect(banner).toContainText('el doctor');
    await expect(dialog.getByRole('button', { name: 'Agendar Cita' })).toBeDisabled();

    // Out of the agenda's hours.
    await fillTime(dialog.getByRole('textbox', { name: 'Hora', exact: true }), '23:30');
    await dialog.getByRole('button', { name: 'Agendar Cita' }).click();
    await expect(toast(page, 'Hora fuera de rango')).toBeVisible();

    await dialog.getByRole('button', { name: 'Sugerir hora' }).click();
    await expect(banner).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Hora', exact: true })).not.toHaveValue('23:30');
    await dialog.getByRole('button', { name: 'Agendar Cita' }).click();
    await expect(toast(page, 'Cita creada exitosamente')).toBeVisible();
    const booked = await api.appointmentsOf(patient.id);
    expect(booked).toHaveLength(1);
    expect(booked[0]!.availability_id).toBe(agenda.id);
  });

  test('cancelar una cita con mensaje y restaurarla', async ({ page }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const agenda = await api.bookFirst(patient.id, await api.futureAgendas());

    await loginViaUi(page);
    const row = await openDayList(page, agenda.date, patient.document);
    await expect(row).toContainText('Confirmada');
    await row.getByRole('button', { name: `Gestionar cita de ${patient.name}` }).click();
    await page.getByRole('menuitem', { name: 'Cancelar cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar cita' });
    const message = dialog.getByLabel('Mensaje para el paciente');
    await message.fill('');
    await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click();
    await expect(dialog.getByText('Debe escribir un mensaje para el paciente')).toBeVisible();
    await message.fill('El doctor no atenderá ese día; le llamaremos para reprogramar');
    await dialog.getByRole('button', { name: 'Confirmar cancelación' }).click();
    await expect(toast(page, 'Cita cancelada')).toBeVisible();
    await expect(row).toContainText('Cancelada');
    expect((await api.appointmentsOf(patient.id))[0]!.status).toBe('Cancelada');

    await row.getByRole('button', { name: `Gestionar cita de ${patient.name}` }).click();
    await page.getByRole('menuitem', { name: 'Restaurar' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurar' }).click();
    await expect(toast(page, 'Cita restaurada')).toBeVisible();
    await expect(row).toContainText('Confirmada');
    expect((await api.appointmentsOf(patient.id))[0]!.status).toBe('Confirmada');
  });

  test('reasignar una cita a otra agenda de la misma especialidad', async ({ page }) => {
    const api = await apiAs(page.request);
    const patient = await api.newPatient();
    const agenda = await api.bookFirst(patient.id, await api.agendasWithAlternatives());

    await loginViaUi(page);
    const row = await openDayList(page, agenda.date, patient.document);
    await row.getByRole('button', { name: `Gestionar cita de ${patient.name}` }).click();
    await page.getByRole('menuitem', { name: 'Reasignar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reasignar cita' });
    await expect(dialog).toContainText(agenda.specialty_name);
    await dialog.getByRole('button', { name: 'Reasignar', exact: true }).click();
    await expect(toast(page, 'Debe seleccionar una agenda de destino')).toBeVisible();
    await dialog.getByRole('radiogroup', { name: 'Agenda de destino' }).getByRole('radio').first().click();
    await dialog.getByRole('button', { name: 'Reasignar', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar reasignación' }).click();
    await expect(toast(page, 'Reasignación exitosa')).toBeVisible();

    const [moved] = await api.appointmentsOf(patient.id);
    expect(moved!.status).toBe('Confirmada');
    expect(moved!.availability_id).not.toBe(agenda.id);
  });

  test('asignación inteligente: termina en una cita y, sin cupos, en la cola de espera', async ({ page }) => {
    const api = await apiAs(page.request);
    const first = await api.newPatient();
    const second = await api.newPatient();
    const [agenda] = await api.futureAgendas();
    const specialty = await api.post<{ id: number; name: string }>('/specialties', {
      name: `Especialidad Sin Agenda ${Date.now()}`,
    });

    await loginViaUi(page);
    await page.getByRole('button', { name: 'Nueva Cita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Asignación Inteligente de Citas' });
    const submit = dialog.getByRole('button', { name: 'Asignar Cita' });
    await expect(submit).toBeDisabled();

    await dialog.getByRole('combobox', { name: 'Buscar paciente' }).fill(first.document);
    await dialog.getByRole('option', { name: new RegExp(first.name) }).click();
    await dialog.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: agenda!.specialty_name, exact: true }).click();
    await dialog.getByLabel('Motivo de la consulta').fill('Primera consulta');
    await submit.click();
    const result = dialog.getByTestId('smart-result');
    await expect(result).toContainText('¡Cita asignada exitosamente!');
    await expect(result).toContainText(first.name);
    expect((await api.appointmentsOf(first.id)).map((a) => a.status)).toEqual(['Confirmada']);

    await dialog.getByRole('button', { name: 'Crear Otra Cita' }).click();
    await expect(submit).toBeDisabled();
    await dialog.getByRole('combobox', { name: 'Buscar paciente' }).fill(second.document);
    await dialog.getByRole('option', { name: new RegExp(second.name) }).click();
    await dialog.getByRole('combobox', { name: 'Especialidad' }).click();
    await page.getByRole('option', { name: specialty.name, exact: true }).click();
    await submit.click();
    await expect(result).toContainText('Agregado a cola de espera');
    await expect(dialog.getByTestId('queue-position')).toHaveText('1');
    expect(await api.appointmentsOf(second.id)).toHaveLength(0);

    await dialog.getByRole('button', { name: 'Cerrar', exact: true }).first().click();
    await expect(dialog).toBeHidden();
  });
});
