import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestHookHandler } from 'fastify';
import { AppError } from '@ips/shared/errors';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The voice agent's calls to this API (conversation start, server tools) carry the integration's own secret
 * (`Authorization: Bearer <ELEVENLABS_TOOL_SECRET>`), compared in constant time. No secret configured: 401.
 */
export function toolSecretHook(secret: () => string | undefined): onRequestHookHandler {
  return (request, _reply, done) => {
    const expected = secret();
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!expected || !given || !timingSafeEqual(digest(given), digest(expected)))
      return done(new AppError('UNAUTHORIZED', 'Secreto de la integración de voz inválido'));
    done();
  };
}
