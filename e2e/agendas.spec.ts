import ExcelJS from 'exceljs';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import {
  addDays,
  adminToken,
  busyExportDay,
  choose,
  futureWorkingDay,
  orgToday,
  pickCombination,
  readBytes,
  selectDay,
} from './agendas-helpers';
import { fillDate, fillTime } from './field-helpers';

test.describe('Gestión de Agenda Médica', () => {
  test('crear con distribución, verla en la semana y en la distribución, editar, transferir y cancelar', async ({
    page,
  }) => {
    test.slow();
    const token = await adminToken(page.request);
    const choice = await pickCombination(page.request, token);
    // Beyond the demo's four weeks of agendas, in the evening: no overlap with another agenda of the doctor.
    // The capacity (10) is above the working days of the window, so every one of them gets a quota.
    const date = await futureWorkingDay(page.request, token, 45);
    const moved = await futureWorkingDay(page.request, token, 52);

    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto('/appointments');
    await expect(page.getByRole('heading', { level: 1, name: 'Gestión de Agenda Médica' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Calendario' })).toBeVisible();
    // 'Nueva Cita' opens the smart assignment of the booking feature.
    await page.getByRole('button', { name: 'Nueva Cita' }).click();
    const smart = page.getByRole('dialog', { name: 'Asignación Inteligente de Citas' });
    await expect(smart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(smart).toBeHidden();

    // Create, first showing the shared schema's messages.
    await page.getByRole('button', { name: 'Crear Agenda', exact: true }).first().click();
    const create = page.getByRole('dialog', { name: 'Crear Agenda' });
    await create.getByRole('button', { name: 'Crear Agenda' }).click();
    await expect(create.getByText('Debe seleccionar una ubicación')).toBeVisible();
    await expect(create.getByText('Debe especificar hora de inicio')).toBeVisible();
    await choose(page, create, 'Ubicación', choice.location);
    await choose(page, create, 'Especialidad', choice.specialty);
    await choose(page, create, 'Doctor', choice.doctor);
    await fillDate(create.getByLabel('Fecha'), date);
    await fillTime(create.getByLabel('Hora de inicio'), '19:00');
    await fillTime(create.getByLabel('Hora de fin'), '18:00');
    await create.getByRole('button', { name: 'Crear Agenda' }).click();
    await expect(create.getByText('La hora de inicio debe ser anterior a la hora de fin')).toBeVisible();
    await fillTime(create.getByLabel('Hora de fin'), '21:00');
    await create.getByLabel('Capacidad (cupos)').fill('10');
    await create.getByRole('button', { name: '20 min' }).click();
    await create.getByRole('switch', { name: 'Distribución automática' }).click();
    await fillDate(create.getByLabel('Inicio de la distribución'), date);
    await fillDate(create.getByLabel('Fin de la distribución'), addDays(date, 9));
    await create.getByRole('button', { name: 'Crear Agenda' }).click();
    await expect(page.getByText('Agenda creada exitosamente')).toBeVisible();
    await expect(create).toBeHidden();

    // The week navigator and the day's list show it.
    await selectDay(page, date);
    const dayCard = page.getByTestId(`week-day-${date}`);
    await expect(dayCard).toContainText('1 agenda');
    const list = page.getByRole('region', { name: 'Agendas del Día Seleccionado' });
    const card = list.getByRole('article', { name: `Agenda de ${choice.doctor}` });
    await expect(card).toContainText('19:00 – 21:00');
    await expect(card).toContainText('0/10');

    // The distribution calendar offers its days, filtered to the doctor.
    await page.goto('/distribution');
    await choose(page, page.locator('main'), 'Doctor', choice.doctor);
    const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
    const ahead = months(date) - months(orgToday());
    for (let i = 0; i < ahead; i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
    const cell = page.getByTestId(`distribution-day-${date}`);
    await expect(cell).toHaveAttribute('data-state', 'available');
    await cell.click();
    const dayDialog = page.getByRole('dialog');
    await expect(dayDialog).toContainText(choice.doctor);
    await expect(dayDialog).toContainText('Doctor 1 de 1');
    await expect(dayDialog.getByRole('progressbar', { name: `Ocupación de ${choice.doctor}` })).toBeVisible();
    await page.keyboard.press('Escape');

    // Edit: capacity and notes.
    await page.goto('/appointments');
    await selectDay(page, date);
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Editar agenda' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar agenda' });
    await edit.getByLabel('Capacidad (cupos)').fill('12');
    await edit.getByLabel('Notas').fill('Agenda editada en prueba');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Agenda actualizada exitosamente')).toBeVisible();
    await expect(card).toContainText('0/12');

    // Transfer (move) to another weekday.
    await card.getByRole('button', { name: 'Transferir a otra fecha' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir agenda' });
    await fillDate(transfer.getByRole('textbox', { name: 'Nueva fecha', exact: true }), date);
    await transfer.getByRole('button', { name: 'Transferir agenda' }).click();
    await expect(transfer.getByText('La nueva fecha debe ser diferente a la actual')).toBeVisible();
    await fillDate(transfer.getByRole('textbox', { name: 'Nueva fecha', exact: true }), moved);
    await transfer.getByRole('button', { name: 'Transferir agenda' }).click();
    await expect(page.getByText('Agenda Transferida', { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(list.getByText('No hay agendas para este día')).toBeVisible();

    // Cancel it on its new day, with a message to the patients.
    await page.getByRole('button', { name: 'Ver Todas' }).click();
    await expect(page.getByRole('region', { name: 'Próximas Disponibilidades' })).toBeVisible();
    await page.reload();
    await selectDay(page, moved);
    await expect(card).toBeVisible();
    await card.getByRole('button', { expanded: false }).click();
    await expect(card).toContainText('Agenda editada en prueba');
    // Reception reschedules but does not cancel a whole agenda (decision 020): a supervisor does.
    await expect(card.getByRole('button', { name: 'Reagendar' })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancelar o Reagendar' })).toHaveCount(0);
    await page.evaluate(() => localStorage.clear());
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/appointments');
    await selectDay(page, moved);
    await card.getByRole('button', { expanded: false }).click();
    await card.getByRole('button', { name: 'Cancelar o Reagendar' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar agenda' });
    await expect(cancel.getByRole('button', { name: 'Cancelar agenda' })).toBeDisabled();
    await cancel.getByLabel('Mensaje para los pacientes').fill('El doctor no atenderá este día.');
    await cancel.getByRole('button', { name: 'Cancelar agenda' }).click();
    await expect(page.getByText('Agenda Cancelada', { exact: true })).toBeVisible();
    await expect(card.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cancelar o Reagendar' })).toHaveCount(0);
  });

  test('descarga la agenda del día en PDF y Excel', async ({ page }, testInfo) => {
    const token = await adminToken(page.request);
    const { day, doctors } = await busyExportDay(page.request, token);
    await loginViaUi(page, ACCOUNTS.agent);
    await page.goto('/appointments');
    // Agents read agendas: no creation, but printing is theirs too.
    await expect(page.getByRole('button', { name: 'Crear Agenda' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Imprimir Agenda' }).click();
    const dialog = page.getByRole('dialog', { name: 'Imprimir Agenda' });
    await fillDate(dialog.getByLabel('Fecha'), day);

    const pdfDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Descargar PDF' }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe(`Agenda_Diaria_${day.replace(/-/g, '')}.pdf`);
    const pdfPath = testInfo.outputPath('agenda.pdf');
    await pdf.saveAs(pdfPath);
    const pdfBytes = await readBytes(pdfPath);
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfBytes.length).toBeGreaterThan(2000);

    const xlsxDownload = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Exportar Excel' }).click();
    const xlsx = await xlsxDownload;
    expect(xlsx.suggestedFilename()).toBe(`Agenda_Diaria_${day.replace(/-/g, '')}.xlsx`);
    const xlsxPath = testInfo.outputPath('agenda.xlsx');
    await xlsx.saveAs(xlsxPath);
    const xlsxBytes = await readBytes(xlsxPath);
    expect(xlsxBytes.subarray(0, 2).toString('latin1')).toBe('PK'); // a zip container

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsxPath);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toHaveLength(doctors.length);
    for (const [i, name] of names.entries()) {
      expect(name.length).toBeLessThanOrEqual(25);
      expect(doctors[i]!.startsWith(name.replace(/ \(\d+\)$/, '').trim())).toBe(true);
    }
    const sheet = wb.worksheets[0]!;
    const header = sheet
      .getSheetValues()
      .find((row) => Array.isArray(row) && row.includes('Hora') && row.includes('Paciente')) as unknown[];
    expect(header.filter(Boolean)).toEqual([
      'Hora',
      'Paciente',
      'Edad',
      'Identificación',
      'EPS',
      'Teléfono',
      'Correo',
      'Motivo',
      'Estado',
      'Duración (min)',
    ]);
    const labels = sheet.getColumn(1).values.filter((v) => typeof v === 'string');
    expect(labels).toEqual(
      expect.arrayContaining(['Total de citas', 'Confirmadas', 'Canceladas', 'Pendientes']),
    );
  });
});
