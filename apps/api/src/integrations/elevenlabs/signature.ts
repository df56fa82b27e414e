import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookVerdict, WebhookVerifier } from '../../modules/voice-agent/provider';

/** ElevenLabs accepts a signature within 30 minutes of its timestamp. */
export const SIGNATURE_TOLERANCE_SECS = 30 * 60;

/** `t=<unix seconds>,v0=<hex HMAC-SHA256 of "<t>.<raw body>">`, as ElevenLabs signs its webhooks. */
export function signElevenLabs(secret: string, rawBody: Buffer | string, t = Math.floor(Date.now() / 1000)) {
  const mac = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest('hex');
  return `t=${t},v0=${mac}`;
}

/**
 * The signature check over a body that arrives in chunks (decision 038): the header is read first, each chunk
 * goes into the HMAC as it arrives, and the verdict is given at the end, so the body is never held whole.
 */
export function elevenLabsVerifier(
  secret: string,
  header: string | string[] | undefined,
  now = new Date(),
): WebhookVerifier {
  const parsed = parseHeader(header, now);
  const mac = 'reason' in parsed ? null : createHmac('sha256', secret).update(`${parsed.t}.`);
  return {
    rejected: 'reason' in parsed ? parsed.reason : null,
    update(chunk) {
      mac?.update(chunk);
    },
    verdict() {
      if ('reason' in parsed) return { ok: false, reason: parsed.reason };
      const expected = mac!.digest();
      for (const c of parsed.candidates) {
        if (!/^[0-9a-f]{64}$/i.test(c)) continue;
        if (timingSafeEqual(expected, Buffer.from(c, 'hex'))) return { ok: true };
      }
      return { ok: false, reason: 'Firma inválida' };
    },
  };
}

export function verifyElevenLabs(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now = new Date(),
): WebhookVerdict {
  const v = elevenLabsVerifier(secret, header, now);
  v.update(rawBody);
  return v.verdict();
}

function parseHeader(
  header: string | string[] | undefined,
  now: Date,
): { t: string; candidates: string[] } | { reason: string } {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return { reason: 'Falta la firma' };
  let t: string | null = null;
  const candidates: string[] = [];
  for (const part of value.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v) t = v;
    else if (k === 'v0' && v) candidates.push(v);
  }
  if (!t || !/^\d{1,12}$/.test(t) || candidates.length === 0) return { reason: 'Firma mal formada' };
  if (Math.abs(now.getTime() / 1000 - Number(t)) > SIGNATURE_TOLERANCE_SECS)
    return { reason: 'Firma vencida' };
  return { t, candidates };
}
