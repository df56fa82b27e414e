import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';
import { bookReturningPatient, returningPatients, type BookingMode } from './booking-path';

/**
 * The path `bench/booking-actions.ts` measures (issue 24), with a small count so that it keeps working: two
 * returning patients booked from the Panel each way, within the goal's actions, focus back after Escape.
 */
test.describe('Agendar a un paciente que vuelve por el camino más corto (issue 24)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  const GOAL: Record<BookingMode, number> = { mouse: 6, keyboard: 8 };

  for (const mode of ['mouse', 'keyboard'] as const)
    test(`${mode === 'mouse' ? 'con el ratón y el teclado' : 'solo con el teclado'}: dos citas`, async ({
      page,
    }) => {
      // Finding returning patients reads a year of demo history now (issue 34 item 2): more than the 45 s default.
      test.slow();
      // Each mode its own patients: the other flows of the run book demo patients too.
      const patients = (await returningPatients(page, 4)).slice(mode === 'mouse' ? 0 : 2);
      await loginViaUi(page, ACCOUNTS.reception);
      for (const patient of patients) {
        const run = await bookReturningPatient(page, patient, mode);
        expect(run.booked, `${patient.name}: cita asignada`).toBe(true);
        expect(run.actions).toBeLessThanOrEqual(GOAL[mode]);
        expect(run.focusReturned, 'el foco vuelve a donde estaba').toBe(true);
      }
    });
});
