import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookVerdict } from '../../modules/voice-agent/provider';

/** ElevenLabs accepts a signature within 30 minutes of its timestamp. */
export const SIGNATURE_TOLERANCE_SECS = 30 * 60;

/** `t=<unix seconds>,v0=<hex HMAC-SHA256 of "<t>.<raw body>">`, as ElevenLabs signs its webhooks. */
export function signElevenLabs(secret: string, rawBody: Buffer | string, t = Math.floor(Date.now() / 1000)) {
  const mac = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  return `t=${t},v0=${mac}`;
}

export function verifyElevenLabs(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now = new Date(),
): WebhookVerdict {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return { ok: false, reason: 'Falta la firma' };
  let t: string | null = null;
  const candidates: string[] = [];
  for (const part of value.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v) t = v;
    else if (k === 'v0' && v) candidates.push(v);
  }
  if (!t || !/^\d{1,12}$/.test(t) || candidates.length === 0)
    return { ok: false, reason: 'Firma mal formada' };
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECS)
    return { ok: false, reason: 'Firma vencida' };
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  for (const c of candidates) {
    if (!/^[0-9a-f]{64}$/i.test(c)) continue;
    if (timingSafeEqual(expected, Buffer.from(c, 'hex'))) return { ok: true };
  }
  return { ok: false, reason: 'Firma inválida' };
}
