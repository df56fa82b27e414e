import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's security headers on every response. The middleware is built once: @fastify/helmet rebuilt it on
 * every request (about 9 % of a light request's CPU in bench/framework-overhead.ts). Same policy as before:
 * helmet's defaults, with images also from data:, blob: and https:, and connections only to this origin.
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:', 'https:'], 'connect-src': ["'self'"] },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
});
