import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { addDays, adminToken, apiGet, choose, isWeekday, orgToday, selectDay } from './agendas-helpers';
import { fillDate } from './field-helpers';

interface Options {
  locations: { id: number; name: string }[];
  specialties: { id: number; name: string }[];
}

/**
 * Plantillas de Agenda (issue 23): a template for a doctor this flow creates, previewed and generated over a
 * future month that holds a Colombian holiday on a weekday; Gestión de Agenda then shows the generated agendas and
 * none on the holiday. The doctor is new, so no other flow's agendas or bookings are touched.
 */
test('crear una plantilla, previsualizar y generar un mes, ver las agendas sin el festivo', async ({
  page,
}) => {
  // Five months ahead through the month calendar, after a whole month generated: more than slow()'s budget
  // when the shared machine is loaded.
  test.setTimeout(300_000);
  const request = page.request;
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };

  // A site and a specialty it offers (from the API's own cascading options), and a new doctor there.
  const all = await apiGet<Options>(request, token, '/availabilities/smart-options');
  let place: { location: { id: number; name: string }; specialty: { id: number; name: string } } | null =
    null;
  for (const location of all.locations) {
    const offered = await apiGet<Options>(
      request,
      token,
      `/availabilities/smart-options?location_id=${location.id}`,
    );
    if (offered.specialties[0]) {
      place = { location, specialty: offered.specialties[0] };
      break;
    }
  }
  expect(place).not.toBeNull();
  const suffix = String(Date.now()).slice(-6);
  // Doctor names take letters only: the run's digits spelled as letters keep it unique.
  const doctorName = `Dra. Plantilla ${suffix.replace(/\d/g, (c) => 'abcdefghij'[Number(c)]!)}`;
  const doctor = await request.post('/api/doctors', {
    headers,
    data: {
      name: doctorName,
      license_number: `RM-TPL-${suffix}`,
      specialty_ids: [place!.specialty.id],
      location_ids: [place!.location.id],
    },
  });
  expect(doctor.status(), await doctor.text()).toBe(201);

  // A month wholly past day 120 (beyond every other flow's future agendas) with a holiday on a weekday.
  const from = addDays(orgToday(), 120);
  const ahead = await apiGet<{ date: string; name: string }[]>(
    request,
    token,
    `/holidays?start_date=${from}&end_date=${addDays(from, 500)}`,
  );
  const holiday = ahead.find((h) => isWeekday(h.date) && `${h.date.slice(0, 8)}01` >= from)!;
  expect(holiday).toBeDefined();
  const monthStart = `${holiday.date.slice(0, 8)}01`;
  let monthEnd = monthStart;
  while (addDays(monthEnd, 1).slice(5, 7) === monthStart.slice(5, 7)) monthEnd = addDays(monthEnd, 1);
  const weekdays: string[] = [];
  for (let d = monthStart; d <= monthEnd; d = addDays(d, 1)) if (isWeekday(d)) weekdays.push(d);
  const monthHolidays = (
    await apiGet<{ date: string }[]>(
      request,
      token,
      `/holidays?start_date=${monthStart}&end_date=${monthEnd}`,
    )
  )
    .map((h) => h.date)
    .filter(isWeekday);
  const expected = weekdays.length - monthHolidays.length;

  await loginViaUi(page, ACCOUNTS.supervisor);
  await page.goto('/appointments');
  await page.getByRole('link', { name: 'Plantillas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plantillas de Agenda' })).toBeVisible();

  // Create: the defaults are Monday–Friday with one slot 08:00–12:00; an added slot is 14:00–18:00 for 4.
  await page.getByRole('button', { name: 'Nueva plantilla' }).click();
  const form = page.getByRole('dialog', { name: 'Nueva plantilla' });
  await form.getByRole('button', { name: 'Crear plantilla' }).click();
  await expect(form.getByText('Nombre muy corto')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Quitar horario 1' })).toBeDisabled();
  await form.getByRole('button', { name: 'Agregar horario' }).click();
  await expect(form.getByLabel('Inicio 2')).toHaveValue('14:00');
  await expect(form.getByLabel('Fin 2')).toHaveValue('18:00');
  await expect(form.getByLabel('Capacidad').nth(1)).toHaveValue('4');
  await form.getByRole('button', { name: 'Quitar horario 2' }).click();
  await expect(form.getByRole('button', { name: 'Quitar horario 1' })).toBeDisabled();
  const name = `Mañanas ${suffix}`;
  await form.locator('#tpl-name').fill(name);
  await choose(page, form, 'Ubicación', place!.location.name);
  await choose(page, form, 'Especialidad', place!.specialty.name);
  await choose(page, form, 'Doctor', doctorName);
  await form.getByLabel('Capacidad').fill('6');
  await form.getByRole('button', { name: 'Crear plantilla' }).click();
  await expect(page.getByText('Plantilla creada')).toBeVisible();
  await expect(form).toBeHidden();

  const card = page.getByTestId('template-card').filter({ hasText: name });
  await expect(card).toContainText('Lun, Mar, Mié, Jue, Vie');
  await expect(card).toContainText('08:00–12:00 (6)');

  // Generate: without a range the guard answers; then the preview, then the month.
  await card.getByRole('button', { name: 'Generar' }).click();
  const gen = page.getByRole('dialog', { name: 'Generar agendas' });
  await gen.getByRole('button', { name: 'Vista previa' }).click();
  await expect(page.getByText('Defina rango')).toBeVisible();
  await fillDate(gen.getByLabel('Desde'), monthStart);
  await fillDate(gen.getByLabel('Hasta'), monthEnd);
  await gen.getByRole('button', { name: 'Vista previa' }).click();
  await expect(gen.getByTestId('preview-counts')).toHaveText(
    `Se generarán ${expected} agendas · ${monthHolidays.length} ${monthHolidays.length === 1 ? 'omitida' : 'omitidas'}`,
  );
  await expect(gen.getByText(`Festivo: ${holiday.name}`).first()).toBeVisible();
  await gen.getByRole('button', { name: 'Generar', exact: true }).click();
  await expect(page.getByText(`Generadas ${expected}. Omitidas ${monthHolidays.length}`)).toBeVisible();
  await expect(gen).toBeHidden();

  // Gestión de Agenda: the doctor has an agenda on a working day of the month, none on the holiday.
  await page.goto('/appointments');
  const workday = weekdays.find((d) => !monthHolidays.includes(d))!;
  await selectDay(page, workday);
  const list = page.getByRole('region', { name: 'Agendas del Día Seleccionado' });
  await expect(list.getByRole('article', { name: `Agenda de ${doctorName}` })).toContainText('08:00 – 12:00');
  await selectDay(page, holiday.date);
  await expect(list.getByRole('article', { name: `Agenda de ${doctorName}` })).toHaveCount(0);
});
