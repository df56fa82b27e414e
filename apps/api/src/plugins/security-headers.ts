import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

const DIRECTIVES = { 'img-src': ["'self'", 'data:', 'blob:', 'https:'], 'connect-src': ["'self'"] };

type Middleware = ReturnType<typeof helmet>;

/**
 * The headers a helmet middleware sets, read once by running it against a recording response. Every directive
 * here is a constant (no nonce, no function of the request), so helmet answers every request with the same
 * headers; it removes only X-Powered-By, which neither Node nor Fastify sends.
 */
export function headersOf(middleware: Middleware): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  middleware(
    {} as Parameters<Middleware>[0],
    recorder as unknown as Parameters<Middleware>[1],
    (err?: unknown) => (failed = err),
  );
  if (failed) throw failed;
  return Object.freeze(headers);
}

/** Helmet's defaults, with images also from data:, blob: and https:, and connections only to this origin. */
export const HELMET_OVER_HTTPS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { directives: DIRECTIVES },
};
/**
 * HSTS and the CSP's `upgrade-insecure-requests` only go with requests that came over HTTPS (directly, or
 * through a proxy TRUST_PROXY believes). A small clinic runs the app over plain HTTP on its own network
 * (http://192.168.x.y:4000): there the upgrade directive sends every script to https:// where nothing answers,
 * and the page stays blank (decision 022).
 */
export const HELMET_OVER_HTTP: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { directives: { ...DIRECTIVES, 'upgrade-insecure-requests': null } },
  strictTransportSecurity: false,
};
const OVER_HTTPS = headersOf(helmet(HELMET_OVER_HTTPS));
const OVER_HTTP = headersOf(helmet(HELMET_OVER_HTTP));

export function securityHeadersFor(protocol: string): Readonly<Record<string, string>> {
  return protocol === 'https' ? OVER_HTTPS : OVER_HTTP;
}

/**
 * What every answer carries: the request id and the security headers (also used for the errors Fastify raises
 * before routing, where no hook runs).
 */
export function applyResponseHeaders(request: FastifyRequest, reply: FastifyReply) {
  reply.header('x-request-id', request.id);
  reply.headers(securityHeadersFor(request.protocol));
}

/**
 * The request id and helmet's security headers on every response, the latter from helmet itself but computed
 * once: running helmet's middleware chain on each request (twelve middlewares, each a setHeader with its checks
 * on the raw response) was about 8 % of a light request's CPU in bench/framework-overhead.ts. They go on the
 * reply first thing (one hook, before CORS and auth), so error answers carry them and streams that write their
 * own head (lib/sse.ts) take them from `reply.getHeaders()`.
 */
export default fp(async function responseHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    applyResponseHeaders(request, reply);
    done();
  });
});
