import type { Page } from '@playwright/test';
import { apiAs } from './appointments-helpers';
import { expect } from './fixtures';

/**
 * Issue 24's measure: a receptionist books a returning patient from the Panel by the fastest path, counting every
 * action (each click, each typed string, each key press) and the time from the first action to the confirmation.
 * Used by `e2e/booking-path.spec.ts` (a few bookings, so the path keeps working) and by `bench/booking-actions.ts`
 * (20 patients each way, its table in bench/RESULTS.md).
 */

export interface ReturningPatient {
  id: number;
  document: string;
  name: string;
  /** The specialty of a past, completed appointment that has bookable agendas ahead. */
  specialty: string;
}

export type BookingMode = 'mouse' | 'keyboard';

export interface BookingRun {
  patient: ReturningPatient;
  mode: BookingMode;
  clicks: number;
  typed: number;
  keys: number;
  actions: number;
  /** From the first action to the confirmation on screen. */
  ms: number;
  booked: boolean;
  /** After Escape, the focus is back on what had it before the dialog opened. */
  focusReturned: boolean;
}

/**
 * Active demo patients with a completed appointment, each found alone by their document, in a specialty with
 * bookable agendas ahead (the Panel's 'Próximas disponibilidades'), adults only; `skip` leaves out patients another
 * flow of the same run used.
 */
export async function returningPatients(
  page: Page,
  count: number,
  skip: ReadonlySet<number> = new Set(),
): Promise<ReturningPatient[]> {
  const api = await apiAs(page.request);
  type Done = { patient_id: number; patient_document: string; age: number | null; specialty_name: string };
  const done = await api.get<Done[]>('/appointments?status=Completada&limit=1000');
  const open = new Set(
    (await api.get<{ specialty_name: string }[]>('/availabilities?bookable=true&limit=100')).map(
      (a) => a.specialty_name,
    ),
  );
  const candidates = new Map<number, Done>();
  for (const a of done)
    if (
      (a.age ?? 0) >= 18 &&
      open.has(a.specialty_name) &&
      !skip.has(a.patient_id) &&
      !candidates.has(a.patient_id)
    )
      candidates.set(a.patient_id, a);
  const found: ReturningPatient[] = [];
  for (const c of candidates.values()) {
    const hits = await api.get<{ id: number; document: string; name: string; status: string }[]>(
      `/patients/search/quicksearch?query=${c.patient_document}&limit=20`,
    );
    const [p] = hits;
    if (hits.length === 1 && p!.status === 'Activo')
      found.push({ id: p!.id, document: p!.document, name: p!.name, specialty: c.specialty_name });
    if (found.length === count) return found;
  }
  throw new Error(`Solo ${found.length} pacientes de demostración que vuelven; se necesitan ${count}`);
}

/** Counts what a person does; every interaction of the path goes through it. */
class Actions {
  clicks = 0;
  typed = 0;
  keys = 0;
  constructor(private readonly page: Page) {}
  get total() {
    return this.clicks + this.typed + this.keys;
  }
  async click(target: ReturnType<Page['locator']>) {
    this.clicks++;
    await target.click();
  }
  async type(text: string) {
    this.typed++;
    await this.page.keyboard.type(text);
  }
  async press(key: string) {
    this.keys++;
    await this.page.keyboard.press(key);
  }
}

const SMART = 'Asignación Inteligente de Citas';

/**
 * Books `patient` in their specialty from the Panel ('/', signed in as reception), by mouse and keyboard or by
 * keyboard alone, then closes the result with Escape (not counted: the next booking's start).
 *
 * - mouse: click 'Nueva Cita', type the document, click the patient, type the specialty, click it, click
 *   'Asignar Cita'.
 * - keyboard: Alt+N, type the document, Enter, type the specialty, Enter, Ctrl+Enter.
 */
export async function bookReturningPatient(
  page: Page,
  patient: ReturningPatient,
  mode: BookingMode,
): Promise<BookingRun> {
  const act = new Actions(page);
  const main = page.getByRole('main');
  const opener = main.getByRole('button', { name: /^Nueva Cita/ });
  const dialog = page.getByRole('dialog', { name: SMART });
  await expect(opener).toBeVisible();
  // By keyboard the focus is wherever the last task left it: here the sidebar's link to the Panel.
  const focused = mode === 'mouse' ? opener : page.getByRole('link', { name: 'Panel de Citas Médicas' });
  if (mode === 'keyboard') await focused.focus();

  const start = performance.now();
  if (mode === 'mouse') await act.click(opener);
  else await act.press('Alt+N');
  await expect(dialog.getByRole('combobox', { name: 'Buscar paciente' })).toBeFocused();
  await act.type(patient.document);
  if (mode === 'mouse') await act.click(page.getByRole('option', { name: new RegExp(patient.name) }));
  else await act.press('Enter');
  const specialty = dialog.getByRole('combobox', { name: 'Especialidad' });
  await expect(specialty).toBeFocused();
  await act.type(patient.specialty);
  if (mode === 'mouse') await act.click(page.getByRole('option', { name: patient.specialty }).first());
  else await act.press('Enter');
  await expect(specialty).toHaveText(patient.specialty);
  if (mode === 'mouse') await act.click(dialog.getByRole('button', { name: /^Asignar Cita/ }));
  else await act.press('Control+Enter');
  const result = dialog.getByTestId('smart-result');
  await expect(result).toBeVisible({ timeout: 15_000 });
  const ms = performance.now() - start;
  const booked = (await result.textContent())?.includes('¡Cita asignada exitosamente!') ?? false;

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Within a quarter of a second, before a person's next key.
  const focusReturned = await expect(focused)
    .toBeFocused({ timeout: 250 })
    .then(() => true)
    .catch(() => false);
  return {
    patient,
    mode,
    clicks: act.clicks,
    typed: act.typed,
    keys: act.keys,
    actions: act.total,
    ms,
    booked,
    focusReturned,
  };
}
