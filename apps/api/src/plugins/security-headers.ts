import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const DIRECTIVES = { 'img-src': ["'self'", 'data:', 'blob:', 'https:'], 'connect-src': ["'self'"] };

/**
 * Helmet's security headers on every response. The middleware is built once: @fastify/helmet rebuilt it on
 * every request (about 9 % of a light request's CPU in bench/framework-overhead.ts). Helmet's defaults, with
 * images also from data:, blob: and https:, and connections only to this origin.
 *
 * HSTS and the CSP's `upgrade-insecure-requests` only go with requests that came over HTTPS (directly, or through
 * a proxy TRUST_PROXY believes). A small clinic runs the app over plain HTTP on its own network
 * (http://192.168.x.y:4000): there the upgrade directive sends every script to https:// where nothing answers,
 * and the page stays blank (decision 022).
 */
export default fp(async function securityHeaders(app: FastifyInstance) {
  const overHttps = helmet({ contentSecurityPolicy: { directives: DIRECTIVES } });
  const overHttp = helmet({
    contentSecurityPolicy: { directives: { ...DIRECTIVES, 'upgrade-insecure-requests': null } },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    const apply = request.protocol === 'https' ? overHttps : overHttp;
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
});
