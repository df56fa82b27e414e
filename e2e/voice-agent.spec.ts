import { createHmac } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, apiLogin, expect, loginViaUi, test } from './fixtures';

/** The secrets the server of this run was started with (global-setup.ts). */
function secret(name: 'E2E_VOICE_WEBHOOK_SECRET' | 'E2E_VOICE_TOOL_SECRET'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} no está definido: ¿se ejecutó global-setup?`);
  return value;
}

/** As ElevenLabs signs a webhook: `t=<unix>,v0=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
function sign(body: string, t = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret('E2E_VOICE_WEBHOOK_SECRET')).update(`${t}.${body}`).digest('hex');
  return `t=${t},v0=${mac}`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A name made of letters only, different on every run (the database is shared by the run's flows). */
const uniqueWord = () => {
  const n = Date.now() * 100 + Math.floor(Math.random() * 100);
  return Array.from(n.toString(26).slice(-7), (d) => LETTERS[parseInt(d, 26) + 1] ?? 'z')
    .join('')
    .replace(/^./, (c) => c.toUpperCase());
};

const webhook = (request: APIRequestContext, body: string, signature?: string) =>
  request.post('/api/integrations/elevenlabs/webhook', {
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'elevenlabs-signature': signature } : {}),
    },
    data: body,
  });

test.describe('Agente de voz IA', () => {
  test('un webhook firmado aparece como consulta y como llamada finalizada con su transcripción', async ({
    page,
    request,
  }) => {
    // A patient the agent identifies by the document it collects.
    const word = uniqueWord();
    const name = `Paciente ${word} Voz`;
    const document = String(1_070_000_000 + (Date.now() % 10_000_000));
    const token = await apiLogin(request, ACCOUNTS.supervisor);
    const headers = { authorization: `Bearer ${token}` };
    const created = await request.post('/api/patients', {
      headers,
      data: { document, name, phone: '3001234567' },
    });
    expect(created.status(), await created.text()).toBe(201);

    const conversationId = `conv_e2e_${word.toLowerCase()}`;
    const said = `Necesito una cita de control, referencia ${word}.`;
    const summary = `El paciente ${word} pidió una cita de control.`;
    const now = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({
      type: 'post_call_transcription',
      event_timestamp: now,
      data: {
        agent_id: 'agent_e2e',
        conversation_id: conversationId,
        status: 'done',
        transcript: [
          { role: 'agent', message: 'Hola, gracias por llamar a la IPS.', time_in_call_secs: 0 },
          { role: 'user', message: said, time_in_call_secs: 4 },
        ],
        metadata: {
          start_time_unix_secs: now - 120,
          call_duration_secs: 95,
          termination_reason: 'end_call tool was called.',
          phone_call: {
            direction: 'inbound',
            external_number: '+573009990000',
            agent_number: '+576015550000',
          },
        },
        analysis: {
          call_successful: 'success',
          transcript_summary: summary,
          data_collection_results: { documento: { value: document, rationale: 'Lo dijo el paciente.' } },
        },
      },
    });

    // Unsigned: refused. Signed: acknowledged; the same event again changes nothing.
    expect((await webhook(request, body)).status()).toBe(401);
    const first = await webhook(request, body, sign(body));
    expect(first.status(), await first.text()).toBe(200);
    expect(await first.json()).toMatchObject({ received: true, duplicate: false });
    const again = await webhook(request, body, sign(body));
    expect(await again.json()).toMatchObject({ duplicate: true });

    // The inbox worker applies it after the acknowledgement.
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/consultations/elevenlabs?page_size=50', { headers });
          const list = ((await res.json()) as { data: { patient_name: string | null }[] }).data;
          return list.some((c) => c.patient_name === name);
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    await loginViaUi(page, ACCOUNTS.supervisor);
    await page.goto('/consultations');
    const row = page
      .getByRole('table', { name: 'Consultas del agente de voz' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(summary);
    await row.getByRole('button', { name }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(`Consulta #\\d+ · ${name}`) });
    await expect(detail.getByRole('list', { name: 'Transcripción' })).toContainText(said);
    await expect(detail.getByRole('link', { name: new RegExp(document) })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();

    // The same conversation is an ended call with its transcript in the call history.
    await page.goto('/calls/history');
    await page.getByRole('searchbox', { name: 'Buscar por paciente o teléfono' }).fill(name);
    const call = page.getByRole('row').filter({ hasText: name });
    await expect(call).toHaveCount(1);
    await expect(call).toContainText('Finalizada');
    await call.getByRole('button', { name }).click();
    const callDetail = page.getByRole('dialog', { name: new RegExp(`Llamada #\\d+ · ${name}`) });
    await expect(callDetail.getByRole('list', { name: 'Transcripción' })).toContainText(said);
  });

  test('el agente pasa la llamada a una persona y aparece en el dashboard en vivo', async ({
    page,
    request,
  }) => {
    await loginViaUi(page, ACCOUNTS.agent);
    await page.goto('/calls/dashboard');
    await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    await page.getByRole('tab', { name: /Cola de espera/ }).click();

    const name = `Paciente ${uniqueWord()} Transferido`;
    const handOver = (authorization: string) =>
      request.post('/api/integrations/elevenlabs/tools/hand-over', {
        headers: { authorization },
        data: {
          conversation_id: `conv_e2e_handover_${Date.now().toString(36)}`,
          caller_number: '+573005550101',
          patient_name: name,
          reason: 'Quiere hablar con una persona',
        },
      });
    expect((await handOver('Bearer secreto-equivocado')).status()).toBe(401);
    const res = await handOver(`Bearer ${secret('E2E_VOICE_TOOL_SECRET')}`);
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({ data: { created: true, status: 'waiting' } });

    // No reload: the dashboard's live stream brings it (its fallback polls only every 30 s).
    const card = page.getByRole('listitem', { name: `Llamada de ${name}` });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(card.getByRole('button', { name: 'Atender' })).toBeVisible();
  });
});
