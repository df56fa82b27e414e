// Issue 15, as a receptionist meets it on the agenda screens: dependent selects that show only what the form
// holds (§2), each agenda's own export (§11), the hours a day needs (§13) and the wording (§12, §15).
import ExcelJS from 'exceljs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { addDays, futureWorkingDay, orgToday, selectDay } from './agendas-helpers';
import { apiAs } from './appointments-helpers';
import { fillDate } from './field-helpers';

interface Options {
  doctors: { id: number; name: string; specialty_ids: number[]; location_ids: number[] }[];
  specialties: { id: number; name: string }[];
  locations: { id: number; name: string }[];
}

async function smartOptions(api: Awaited<ReturnType<typeof apiAs>>, query = '') {
  return api.get<Options>(`/availabilities/smart-options${query}`);
}

/**
 * A specialty offered at two sites, each with a doctor of it (read from the API's own cascading options, so a
 * change of demo data does not break the flow).
 */
async function specialtyAtTwoSites(api: Awaited<ReturnType<typeof apiAs>>) {
  const all = await smartOptions(api);
  for (const s of all.specialties) {
    const sites: { location: { id: number; name: string }; doctor: { id: number; name: string } }[] = [];
    for (const l of all.locations) {
      const narrowed = await smartOptions(api, `?location_id=${l.id}&specialty_id=${s.id}`);
      const offered = (await smartOptions(api, `?location_id=${l.id}`)).specialties.some(
        (x) => x.id === s.id,
      );
      if (offered && narrowed.doctors[0]) sites.push({ location: l, doctor: narrowed.doctors[0] });
      if (sites.length === 2) return { specialty: s, first: sites[0]!, second: sites[1]! };
    }
  }
  throw new Error('Los datos de demostración no tienen una especialidad en dos sedes con doctor');
}

/**
 * Two agendas of one doctor on one day (07:00–12:00 and 14:00–18:00, 20 minutes) with appointments in each:
 * two in the morning (07:00 and 07:20), one in the afternoon (14:00), so the afternoon has 1 free slot.
 */
async function doctorWithTwoAgendas(request: APIRequestContext) {
  const api = await apiAs(request);
  const all = await smartOptions(api);
  const practice = await (async () => {
    for (const doctor of all.doctors)
      for (const specialtyId of doctor.specialty_ids)
        for (const locationId of doctor.location_ids) {
          const narrowed = await smartOptions(api, `?location_id=${locationId}&specialty_id=${specialtyId}`);
          if (narrowed.doctors.some((d) => d.id === doctor.id)) return { doctor, specialtyId, locationId };
        }
    throw new Error('Los datos de demostración no tienen un doctor con especialidad y sede');
  })();
  const { doctor, specialtyId, locationId } = practice;
  // A working day beyond the demo's weeks where this doctor has no agenda yet (a retry takes the next one).
  const token = await adminTokenOf(request);
  let date = await futureWorkingDay(request, token, 60);
  for (let i = 0; i < 10; i++) {
    const day = await api.get<{ id: number }[]>(`/availabilities?date=${date}&doctor_id=${doctor.id}`);
    if (day.length === 0) break;
    date = await futureWorkingDay(request, token, daysFromToday(date) + 1);
  }
  const agenda = (start: string, end: string, capacity: number) =>
    api.post<{ id: number }>('/availabilities', {
      location_id: locationId,
      specialty_id: specialtyId,
      doctor_id: doctor.id,
      date,
      start_time: start,
      end_time: end,
      capacity,
      duration_minutes: 20,
    });
  const morning = await agenda('07:00', '12:00', 10);
  const afternoon = await agenda('14:00', '18:00', 2);
  const book = async (availabilityId: number) => {
    const p = await api.newPatient();
    await api.post('/appointments', { patient_id: p.id, availability_id: availabilityId, reason: 'Control' });
    return p.name;
  };
  const morningNames = [await book(morning.id), await book(morning.id)];
  const afternoonNames = [await book(afternoon.id)];
  return { date, doctor, morningNames, afternoonNames };
}

/** The two agendas are made once per run and shared by the flows below (each can also run alone). */
let made: ReturnType<typeof doctorWithTwoAgendas> | null = null;
const twoAgendas = (request: APIRequestContext) => (made ??= doctorWithTwoAgendas(request));

/** Gestión de Agenda on the day, with the doctor's morning and afternoon cards. */
async function openDay(page: Page, date: string, doctorName: string) {
  await page.goto('/appointments');
  await selectDay(page, date);
  const cards = page
    .getByRole('region', { name: 'Agendas del Día Seleccionado' })
    .getByRole('article', { name: `Agenda de ${doctorName}` });
  const morning = cards.filter({ hasText: '07:00 – 12:00' });
  const afternoon = cards.filter({ hasText: '14:00 – 18:00' });
  await expect(morning).toHaveCount(1);
  await expect(afternoon).toHaveCount(1);
  return { morning, afternoon };
}

const adminTokenOf = async (request: APIRequestContext) => {
  const res = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS.admin, password: 'Demo2026!' },
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
};
const daysFromToday = (day: string) =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${orgToday()}T00:00:00Z`)) / 86_400_000);

/** The doctor's title line and the patient names of a downloaded daily agenda workbook. */
async function readAgendaSheet(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  const head = rows.findIndex((r) => r[0] === 'Hora' && r[1] === 'Paciente');
  const names: string[] = [];
  for (const r of rows.slice(head + 1)) {
    if (!r[0]) break;
    names.push(r[1]!);
  }
  // Title rows are merged across the columns: their text is the first cell's.
  return { lines: rows.slice(0, head).map((r) => r[0] ?? ''), names };
}

test.describe('Agendas: lo que se ve es lo que hay (issue 15)', () => {
  test('Crear Agenda: al cambiar de sede la especialidad y el doctor se limpian a la vista y se vuelven a ofrecer', async ({
    page,
  }) => {
    test.slow();
    const api = await apiAs(page.request);
    const { specialty, first, second } = await specialtyAtTwoSites(api);
    const date = await futureWorkingDay(page.request, await adminTokenOf(page.request), 75);

    await loginViaUi(page, ACCOUNTS.reception);
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'Crear Agenda', exact: true }).first().click();
    const create = page.getByRole('dialog', { name: 'Crear Agenda' });
    const site = create.getByRole('combobox', { name: 'Ubicación' });
    const spec = create.getByRole('combobox', { name: 'Especialidad' });
    const doc = create.getByRole('combobox', { name: 'Doctor' });
    const pick = async (box: typeof site, option: string) => {
      await box.click();
      await page.getByRole('option', { name: option, exact: true }).click();
      await expect(box).toHaveText(option);
    };

    await pick(site, first.location.name);
    await pick(spec, specialty.name);
    await pick(doc, first.doctor.name);
    // Another site: the specialty and the doctor the form no longer holds are not shown any more.
    await pick(site, second.location.name);
    await expect(spec).toHaveText('Seleccione la especialidad');
    await expect(spec).not.toHaveText(specialty.name);
    await expect(doc).toHaveText('Primero elija la especialidad');
    // Picking the same specialty again is a choice, and the doctors of the new site are offered.
    await pick(spec, specialty.name);
    await doc.click();
    await expect(page.getByRole('option', { name: second.doctor.name, exact: true })).toBeVisible();
    await page.getByRole('option', { name: second.doctor.name, exact: true }).click();
    await expect(doc).toHaveText(second.doctor.name);

    await fillDate(create.getByLabel('Fecha'), date);
    await create.getByLabel('Hora de inicio').fill('20:00');
    await create.getByLabel('Hora de fin').fill('21:00');
    await create.getByLabel('Capacidad (cupos)').fill('3');
    await create.getByRole('button', { name: 'Crear Agenda' }).click();
    await expect(create.getByText('Debe seleccionar una especialidad')).toHaveCount(0);
    await expect(page.getByText('Agenda creada exitosamente')).toBeVisible();
    await expect(create).toBeHidden();
  });

  test('cada agenda de un doctor exporta sus propias horas y citas (PDF/Excel por agenda)', async ({
    page,
  }, testInfo) => {
    test.slow();
    const { date, doctor, morningNames, afternoonNames } = await twoAgendas(page.request);
    await loginViaUi(page, ACCOUNTS.supervisor);
    const { morning, afternoon } = await openDay(page, date, doctor.name);

    // Each agenda's Excel has its own hours in the header and only its own appointments.
    const excelOf = async (card: typeof morning, file: string) => {
      await card.getByRole('button', { expanded: false }).click();
      const download = page.waitForEvent('download');
      await card.getByRole('button', { name: 'Exportar Excel' }).click();
      const path = testInfo.outputPath(file);
      await (await download).saveAs(path);
      return readAgendaSheet(path);
    };
    const am = await excelOf(morning, 'morning.xlsx');
    const amTitle = am.lines.find((l) => l.startsWith(doctor.name))!;
    expect(amTitle).toContain('07:00 – 12:00');
    expect(amTitle).not.toContain('18:00');
    expect(am.names.sort()).toEqual([...morningNames].sort());
    const pm = await excelOf(afternoon, 'afternoon.xlsx');
    const pmTitle = pm.lines.find((l) => l.startsWith(doctor.name))!;
    expect(pmTitle).toContain('14:00 – 18:00');
    expect(pmTitle).not.toContain('07:00');
    expect(pm.names).toEqual(afternoonNames);
  });

  test("Cita Manual a la hora de fin: 'La cita debe terminar a más tardar a las 12:00'", async ({ page }) => {
    const { date, doctor } = await twoAgendas(page.request);
    await loginViaUi(page, ACCOUNTS.supervisor);
    const { morning } = await openDay(page, date, doctor.name);
    await morning.getByRole('button', { expanded: false }).click();
    await morning.getByRole('button', { name: 'Cita Manual' }).click();
    const manual = page.getByRole('dialog', { name: /Cita Manual/ });
    const hour = manual.getByRole('textbox', { name: 'Hora', exact: true });
    await expect(hour).not.toHaveValue('');
    await hour.fill('12:00');
    await manual.getByRole('button', { name: 'Agendar Cita' }).click();
    await expect(manual.getByText('La cita debe terminar a más tardar a las 12:00')).toBeVisible();
    await expect(page.getByText('La hora debe estar entre 07:00 y 12:00')).toHaveCount(0);
  });

  test("un cupo libre se lee '1 libre' (Distribución)", async ({ page }) => {
    const { date, doctor } = await twoAgendas(page.request);
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/distribution');
    await page.getByRole('main').getByRole('combobox', { name: 'Doctor' }).click();
    await page.getByRole('option', { name: doctor.name, exact: true }).click();
    const months = (d: string) => Number(d.slice(0, 4)) * 12 + Number(d.slice(5, 7));
    for (let i = 0; i < months(date) - months(orgToday()); i++)
      await page.getByRole('button', { name: 'Mes siguiente' }).click();
    await page.getByTestId(`distribution-day-${date}`).click();
    const day = page.getByRole('dialog');
    await expect(day.getByText('1 libre', { exact: true })).toBeVisible();
    await expect(day.getByText('1 libres')).toHaveCount(0);
  });

  test('Agenda del Día muestra la cita de las 07:00 de una agenda que empieza a las 07:00', async ({
    page,
  }) => {
    const { date, morningNames } = await twoAgendas(page.request);
    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto(`/daily-agenda?date=${date}`);
    const timeline = page.getByTestId('day-timeline');
    await expect(timeline).toBeVisible();
    await expect(timeline.getByText('7:00', { exact: true })).toBeVisible();
    const seven = timeline.getByTestId('timeline-appointment').filter({ hasText: '07:00' });
    await expect(seven).toHaveCount(1);
    await expect(seven).toBeVisible();
    await expect(seven).toContainText(morningNames[0]!);
    await expect(timeline).not.toContainText('fuera del horario');
  });

  test("una agenda pasada se lee 'Finalizada', no 'Completa'", async ({ page }) => {
    const api = await apiAs(page.request);
    const today = orgToday();
    const past = await api.get<{ date: string; doctor_name: string; status: string }[]>(
      `/availabilities?start_date=${addDays(today, -20)}&end_date=${addDays(today, -1)}&status=Completa`,
    );
    expect(past.length, 'la demostración tiene agendas pasadas').toBeGreaterThan(0);
    const last = past.at(-1)!;
    // An agent reads the agendas without the managers' expired-agenda prompt.
    await loginViaUi(page, ACCOUNTS.agent);
    await page.goto('/appointments');
    await selectDay(page, last.date);
    const card = page
      .getByRole('region', { name: 'Agendas del Día Seleccionado' })
      .getByRole('article', { name: `Agenda de ${last.doctor_name}` })
      .first();
    await expect(card.getByText('Finalizada', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('Completa');
  });
});
