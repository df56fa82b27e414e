import { ACCOUNTS, expect, loginViaUi, test } from './fixtures';

/*
 * The demo shows what the spec's Consultas IA screen shows (issue 34 item 4): conversations of the voice agent
 * with their summary, transcript and a recording that the browser plays.
 */
test('Consultas IA lists the demo conversations, with transcript and a playable recording', async ({
  page,
}, testInfo) => {
  await loginViaUi(page, ACCOUNTS.supervisor);
  await page.goto('/consultations');
  const table = page.getByRole('table', { name: 'Consultas del agente de voz' });
  const row = table.getByRole('row').filter({ hasText: 'medicina general' });
  await expect(row.first()).toBeVisible();
  await row.first().getByRole('button').first().click();
  const detail = page.getByRole('dialog', { name: /Consulta #\d+/ });
  await expect(detail.getByRole('list', { name: 'Transcripción' })).toContainText(
    'Quiero pedir una cita con medicina general.',
  );
  const audio = detail.getByLabel('Grabación de la consulta');
  await expect(audio).toBeVisible();
  // The browser reads the recording (the player loads it on demand): a duration of a few seconds.
  await audio.evaluate((a: HTMLAudioElement) => {
    a.preload = 'metadata';
    a.load();
  });
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0)))
    .toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath('consultas-ia.png'), fullPage: true });
});
