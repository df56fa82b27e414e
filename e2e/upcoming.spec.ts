import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';
import { toast, type Agenda, type Booked } from './appointments-helpers';

/** The clinic's today (the demo organisation is in Bogotá) and the day six days later. */
function nextSevenDays(): { start: string; end: string } {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
  const now = new Date();
  return { start: day(now), end: day(new Date(now.getTime() + 6 * 86_400_000)) };
}

interface Paged<T> {
  data: T[];
  total: number;
}
type Upcoming = Agenda & { duration_minutes: number; location_name: string };
const PAGE = 10;

test.describe('Próximas disponibilidades', () => {
  test.describe.configure({ timeout: 90_000 });

  test('pasa de 10 agendas por páginas y Agendar reserva con la duración de la agenda', async ({ page }) => {
    const token = await apiLogin(page.request, ACCOUNTS.supervisor);
    const headers = { authorization: `Bearer ${token}` };
    const get = async <T>(path: string): Promise<T> => {
      const res = await page.request.get(`/api${path}`, { headers });
      expect(res.status(), path).toBe(200);
      return (await res.json()) as T;
    };

    // What the server offers: every agenda of the next 7 days that can still take one appointment.
    const { start, end } = nextSevenDays();
    const upcoming = (n: number) =>
      get<Paged<Upcoming>>(
        `/availabilities?bookable=true&start_date=${start}&end_date=${end}&page=${n}&limit=${PAGE}`,
      );
    const first = await upcoming(1);
    expect(first.total, 'the demo data has more than 10 bookable agendas ahead').toBeGreaterThan(PAGE);
    // The agenda to book: the first not of 30 minutes past the first page (else on it).
    const second = await upcoming(2);
    const onSecond = second.data.findIndex((a) => a.duration_minutes !== 30);
    const target =
      onSecond >= 0 ? second.data[onSecond]! : first.data.find((a) => a.duration_minutes !== 30)!;
    expect(target, 'an agenda whose appointments are not 30 minutes').toBeTruthy();

    // A returning patient: active, with an attended appointment.
    const attended = await get<Paged<Booked & { patient_id: number; patient_document: string }>>(
      '/appointments?status=Completada&limit=50',
    );
    let patient: { id: number; document: string; name: string } | undefined;
    for (const a of attended.data) {
      const p = await get<{ data: { status: string; name: string } }>(`/patients/${a.patient_id}`);
      if (p.data.status === 'Activo') {
        patient = { id: a.patient_id, document: a.patient_document, name: p.data.name };
        break;
      }
    }
    expect(patient, 'a returning active patient in the demo data').toBeTruthy();
    const before = await get<Paged<Booked>>(`/appointments?patient_id=${patient!.id}`);

    await loginViaUi(page, ACCOUNTS.reception);
    const card = page.getByRole('region', { name: 'Próximas disponibilidades' });
    const items = card.getByTestId('upcoming-item');
    await expect(items).toHaveCount(PAGE);
    await expect(card.getByText(new RegExp(`Mostrando 1–10 de \\d+ agendas`))).toBeVisible();
    const firstOnPage1 = await items.first().innerText();
    await card.getByRole('button', { name: 'Página siguiente' }).click();
    await expect(card.getByText(/Mostrando 11–\d+ de \d+ agendas/)).toBeVisible();
    await expect(items.first()).not.toHaveText(firstOnPage1);
    if (onSecond < 0) await card.getByRole('button', { name: 'Página 1', exact: true }).click();

    const row = card.locator(`[data-agenda-id="${target.id}"]`);
    await expect(row).toContainText(`${target.duration_minutes} min`);
    await row.getByRole('button', { name: /^Agendar con / }).click();

    const dialog = page.getByRole('dialog', { name: 'Registrar Cita Rápida' });
    await expect(dialog.getByTestId('agenda-info')).toContainText(target.doctor_name);
    await expect(dialog.getByRole('combobox', { name: 'Duración (minutos)' })).toContainText(
      `${target.duration_minutes} minutos`,
    );
    // The defaults alone: the patient, then confirm.
    const search = dialog.getByRole('combobox', { name: 'Buscar paciente' });
    await search.fill(patient!.document);
    await expect(dialog.getByRole('option', { name: new RegExp(patient!.document) })).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(dialog.getByTestId('selected-patient')).toContainText(patient!.name);
    const shown = dialog.getByTestId('quick-time');
    await expect(shown).toContainText(/Hora de la cita: \d{2}:\d{2}/);
    const time = /(\d{2}:\d{2})/.exec(await shown.innerText())![1]!;
    await dialog.getByRole('button', { name: 'Registrar Cita', exact: true }).click();
    await expect(toast(page, 'Cita registrada exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    const after = await get<Paged<Booked>>(`/appointments?patient_id=${patient!.id}`);
    const made = after.data.filter((a) => !before.data.some((b) => b.id === a.id));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      availability_id: target.id,
      status: 'Confirmada',
      duration_minutes: target.duration_minutes,
      scheduled_at: `${target.date} ${time}:00`,
    });
  });
});
