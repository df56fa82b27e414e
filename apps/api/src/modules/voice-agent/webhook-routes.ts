import type { Readable } from 'node:stream';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@ips/shared/errors';
import * as inbox from './inbox-repo';
import { WebhookPayloadError, type WebhookVerifier } from './provider';
import { voiceRuntimeOf } from './runtime';
import { spoolBody, type SpooledBody } from './webhook-body';

/** A 20 MB recording is ~27 MB of base64; the limit leaves room for that and the JSON around it. */
export const WEBHOOK_BODY_LIMIT = 40 * 1024 * 1024;

const ack = z.object({ success: z.literal(true), received: z.boolean(), duplicate: z.boolean() });

/**
 * POST /api/integrations/elevenlabs/webhook (decision 038). The raw body is checked against the signature
 * before it is parsed; a missing, bad or stale signature is 401 and nothing is written. A well-formed event is
 * stored in the inbox (one INSERT, idempotent on the event) and acknowledged once committed; the inbox worker
 * applies it afterwards. A replay is 200 and changes nothing; a malformed event is 400 and writes nothing.
 */
const voiceWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * The signature check starts with the headers, before a byte of the body is read: what they alone condemn
   * (no secret configured, no or a malformed signature, a stale timestamp) is 401 at once and the connection is
   * closed, so a forged 30 MB body is never received (issue 33). The rest is decided over the body as it arrives.
   */
  const verifiers = new WeakMap<FastifyRequest, WebhookVerifier>();
  const checkHeaders: onRequestHookHandler = (request, reply, done) => {
    const verifier = voiceRuntimeOf(app.deps).provider.webhookVerifier(request.headers);
    if (verifier.rejected) {
      reply.header('connection', 'close');
      return done(new AppError('UNAUTHORIZED', `Firma del webhook rechazada: ${verifier.rejected}`));
    }
    verifiers.set(request, verifier);
    done();
  };

  // This plugin's own JSON "parser" spools the raw bytes to a temporary file while the signature is computed
  // over them (not over a re-serialisation); nothing is parsed before the verdict.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { bodyLimit: WEBHOOK_BODY_LIMIT },
    async (request: FastifyRequest, payload: Readable) =>
      spoolBody(
        payload,
        verifiers.get(request) ?? voiceRuntimeOf(app.deps).provider.webhookVerifier(request.headers),
        WEBHOOK_BODY_LIMIT,
      ),
  );

  app.post(
    '/integrations/elevenlabs/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: checkHeaders,
      config: { policy: 'public', rateLimit: 'webhook' },
      schema: {
        tags: ['voice-agent'],
        summary:
          'Webhook posterior a la llamada de ElevenLabs (post_call_transcription, post_call_audio, call_initiation_failure), firmado con ElevenLabs-Signature.',
        response: { 200: ack },
      },
    },
    async (request) => {
      const { provider, inbox: worker } = voiceRuntimeOf(app.deps);
      const spooled = request.body as SpooledBody | undefined;
      if (!spooled)
        throw new AppError('UNAUTHORIZED', 'Firma del webhook rechazada: Falta el cuerpo firmado');
      let id: number | null;
      try {
        // Without a configured secret nothing can be verified: refused like a bad signature.
        const verdict = spooled.verdict;
        if (!verdict.ok) throw new AppError('UNAUTHORIZED', `Firma del webhook rechazada: ${verdict.reason}`);
        // A large body is parsed from its file (a recording is then stored a piece at a time from it).
        const parsed = spooled.file
          ? await provider.parseWebhookFile(spooled.file)
          : provider.parseWebhook(await spooled.read());
        id = await inbox.insertEvent(app.deps.db, parsed);
      } catch (err) {
        if (err instanceof WebhookPayloadError) throw new AppError('VALIDATION', err.message);
        throw err;
      } finally {
        await spooled.discard();
      }
      if (id !== null) worker.kick();
      return { success: true as const, received: true, duplicate: id === null };
    },
  );
};

export default voiceWebhookRoutes;
