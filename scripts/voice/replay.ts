/*
 * npm run voice:replay -- file.json [--url=http://127.0.0.1:4000] [--fresh]
 * Signs a sample ElevenLabs webhook with ELEVENLABS_WEBHOOK_SECRET (t=now, v0=HMAC-SHA256 of "<t>.<body>") and
 * posts it to a local server's /api/integrations/elevenlabs/webhook. --fresh gives the conversation a new id,
 * so the same file can be replayed as a new call; without it a second run shows the idempotent answer.
 */
import { readFileSync } from 'node:fs';
import { signElevenLabs } from '../../apps/api/src/integrations/elevenlabs/signature';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const url = (args.find((a) => a.startsWith('--url='))?.slice(6) ?? 'http://127.0.0.1:4000').replace(
  /\/+$/,
  '',
);
const secret = process.env.ELEVENLABS_WEBHOOK_SECRET;
if (!file || !secret) {
  console.error('Uso: ELEVENLABS_WEBHOOK_SECRET=… npm run voice:replay -- archivo.json [--url=…] [--fresh]');
  process.exit(2);
}
const event = JSON.parse(readFileSync(file, 'utf8')) as {
  data: Record<string, unknown> & { metadata?: Record<string, unknown> };
};
if (args.includes('--fresh')) {
  event.data.conversation_id = `conv_replay_${Date.now().toString(36)}`;
  if (event.data.metadata) event.data.metadata.start_time_unix_secs = Math.floor(Date.now() / 1000) - 120;
}
const body = JSON.stringify(event);
const res = await fetch(`${url}/api/integrations/elevenlabs/webhook`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'elevenlabs-signature': signElevenLabs(secret, body) },
  body,
});
console.log(res.status, await res.text());
process.exit(res.ok ? 0 : 1);
