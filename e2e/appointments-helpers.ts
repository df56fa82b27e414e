import { type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect } from './fixtures';

/** Unique documents and letter-only names per run (the database is shared by every flow of the run). */
let seq = Number(String(Date.now()).slice(-5)) * 100;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const word = (n: number) =>
  Array.from(String(n), (d) => LETTERS[Number(d) + 3])
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

export interface Agenda {
  id: number;
  date: string;
  start_time: string;
  end_time: string;
  capacity: number;
  booked_slots: number;
  doctor_id: number;
  doctor_name: string;
  specialty_id: number;
  specialty_name: string;
  status: string;
}
export interface Booked {
  id: number;
  scheduled_at: string;
  duration_minutes: number;
  status: string;
  availability_id: number | null;
  patient_name: string;
}
export interface Patient {
  id: number;
  document: string;
  name: string;
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A supervisor's API session for preparing data the flows then use through the screens. */
export async function apiAs(request: APIRequestContext) {
  const token = await apiLogin(request, ACCOUNTS.supervisor);
  const headers = { authorization: `Bearer ${token}` };
  const get = async <T>(path: string): Promise<T> => {
    const res = await request.get(`/api${path}`, { headers });
    expect(res.status(), path).toBe(200);
    return ((await res.json()) as { data: T }).data;
  };
  const post = async <T>(path: string, data: unknown, status = 201): Promise<T> => {
    const res = await request.post(`/api${path}`, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return ((await res.json()) as { data: T }).data;
  };

  const newPatient = async (): Promise<Patient> => {
    const n = seq++;
    const body = {
      document: String(1_080_000_000 + n),
      name: `Paciente ${word(n)} Prueba`,
      phone: '3001234567',
    };
    const p = await post<{ id: number }>('/patients', body);
    return { id: p.id, document: body.document, name: body.name };
  };

  /** Active agendas after today (no time of theirs has passed) with free slots, soonest first. */
  const futureAgendas = async (): Promise<Agenda[]> => {
    const list = await get<Agenda[]>('/availabilities/active?with_slots=true');
    const today = list.reduce((min, a) => (a.date < min ? a.date : min), '9999-12-31');
    return list.filter((a) => a.date > today && a.status === 'Activa' && a.booked_slots < a.capacity);
  };

  /** An agenda with a booked appointment that a 30-minute appointment at the same start would overlap. */
  const agendaWithBooking = async (): Promise<{ agenda: Agenda; taken: Booked }> => {
    for (const agenda of await futureAgendas()) {
      const detail = await get<{ appointments: Booked[] }>(`/availabilities/${agenda.id}`);
      const taken = detail.appointments.find(
        (a) =>
          a.status !== 'Cancelada' && minutes(a.scheduled_at.slice(11, 16)) + 30 <= minutes(agenda.end_time),
      );
      if (taken) return { agenda, taken };
    }
    throw new Error('No hay agendas futuras con citas en los datos de demostración');
  };

  /** Agendas whose specialty has other agendas with slots (somewhere to reassign to). */
  const agendasWithAlternatives = async (): Promise<Agenda[]> => {
    const list = await futureAgendas();
    return list.filter((a) => list.filter((b) => b.specialty_id === a.specialty_id).length > 2);
  };

  /**
   * Books the patient into the first of the agendas that still has a free time (an agenda below capacity can
   * have its hours taken already); returns the agenda used.
   */
  const bookFirst = async (patientId: number, agendas: Agenda[]): Promise<Agenda> => {
    for (const agenda of agendas) {
      const res = await request.post('/api/appointments', {
        headers,
        data: { patient_id: patientId, availability_id: agenda.id, reason: 'Prueba e2e' },
      });
      if (res.status() === 201) return agenda;
      expect(res.status(), await res.text()).toBe(409);
    }
    throw new Error('Ninguna agenda aceptó la cita');
  };

  const appointmentsOf = (patientId: number) => get<Booked[]>(`/appointments?patient_id=${patientId}`);

  return {
    get,
    post,
    newPatient,
    futureAgendas,
    agendaWithBooking,
    agendasWithAlternatives,
    bookFirst,
    appointmentsOf,
  };
}

/** Agenda del Día on a date, in the Lista view, narrowed to one patient. */
export async function openDayList(page: Page, date: string, patientDocument: string) {
  await page.goto(`/daily-agenda?date=${date}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda del Día' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Vista' }).click();
  await page.getByRole('option', { name: 'Lista', exact: true }).click();
  await page.getByLabel('Paciente', { exact: true }).fill(patientDocument);
  const row = page.getByTestId('day-list-item').filter({ hasText: patientDocument });
  await expect(row).toHaveCount(1);
  return row;
}

export const toast = (page: Page, text: string | RegExp) =>
  page.getByRole('region', { name: /Notificaciones/ }).getByText(text);
