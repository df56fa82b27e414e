import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@ips/shared/errors';
import type { AuthUser, Policy } from '../lib/context';
import { verifiedClaims, verifySessionToken } from '../lib/tokens';

/**
 * What a session may call while its user must change the password (decision 021): who am I, change it, sign out.
 * Everything else is refused here, on the server, whatever the web app shows.
 */
export const PASSWORD_CHANGE_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/auth/me',
  'POST /api/auth/change-password',
  'POST /api/auth/logout',
]);
export const MUST_CHANGE_PASSWORD = 'Debe cambiar su contraseña antes de continuar';

/**
 * What a route without a session reads at most, unless it declares its own `bodyLimit` (the voice webhook, with
 * its recordings): a sign-in or a voice tool's call is well under 1 KiB. Anyone can send to these routes, so they
 * do not take the signed-in routes' 1 MiB (issue 33). A larger declared length is refused before it is read.
 */
export const PUBLIC_BODY_LIMIT = 16 * 1024;

/** A registered route and who may call it; the authorization matrix test walks this list. */
export interface DeclaredRoute {
  method: string;
  url: string;
  policy: Policy;
  queryToken: boolean;
  /** The per-user limit group it counts against (plugins/rate-limit.ts), if any. */
  rateLimit?: string;
  /** The route's zod schemas (body, querystring, params), for the fuzzing tests. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    routePolicies: DeclaredRoute[];
    /** The signed-in user of a bearer token (signature, expiry, then the session), or a 401. */
    authenticate(token: string): Promise<AuthUser>;
  }
}

function bearer(request: FastifyRequest, allowQuery: boolean): string | null {
  const header = request.headers.authorization;
  if (header) {
    const m = /^Bearer\s+(\S+)$/i.exec(header);
    if (!m) throw new AppError('UNAUTHORIZED', 'Token inválido');
    return m[1]!;
  }
  if (allowQuery) {
    const q = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q) return q;
  }
  return null;
}

/**
 * Turns a verified token's claims into the signed-in user, or throws 401 (app.ts passes the sessions module's).
 * `cached`, when given, answers without a promise from what is already known (the session cache), applying the
 * same checks, or returns undefined and the hook awaits the resolver.
 */
export type ResolveSession = ((claims: { sid: string; sub: string }) => Promise<AuthUser>) & {
  cached?: (claims: { sid: string; sub: string }) => AuthUser | undefined;
};

export interface AuthPluginOptions {
  resolveSession: ResolveSession;
}

export function isAllowed(policy: Policy, user: AuthUser | null): boolean {
  if (policy === 'public') return true;
  if (!user) return false;
  if (policy === 'authenticated') return true;
  return policy.includes(user.role);
}

/** The auth hooks this plugin gives routes (plugins/rate-limit.ts puts its hook right after them). */
export const authHooks = new WeakSet<object>();

/**
 * Every /api route must declare `config.policy`; a route without one fails at start-up, so no route can
 * be added without deciding who may call it. The check runs on request, before the body is parsed: every route
 * that is not public gets its own onRequest hook, first of its route hooks (after the app's: request id,
 * security headers, CORS), with its policy bound when the route is registered.
 */
export default fp<AuthPluginOptions>(async function authPlugin(app: FastifyInstance, opts) {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (token: string) =>
    opts.resolveSession(await verifySessionToken(app.deps.tokenKeys.session, token)),
  );
  const declared: DeclaredRoute[] = [];
  app.decorate('routePolicies', declared);

  /** What the route allows this user, once the user is known: undefined, or the error to answer. */
  function admit(request: FastifyRequest, url: string, policy: Policy, user: AuthUser) {
    request.user = user;
    if (user.mustChangePassword && !PASSWORD_CHANGE_ROUTES.has(`${request.method} ${url}`))
      return new AppError('FORBIDDEN', MUST_CHANGE_PASSWORD);
    if (!isAllowed(policy, user)) return new AppError('FORBIDDEN');
    return undefined;
  }

  /**
   * The hook of a route that needs a signed-in user. A callback hook: a session already verified and in the
   * session cache is answered synchronously, without the promises of the full path (the same checks either
   * way: signature and expiry of the token, then the session).
   */
  function authHook(
    policy: Exclude<Policy, 'public'>,
    queryToken: boolean,
    url: string,
  ): onRequestHookHandler {
    const hook: onRequestHookHandler = (request, _reply, done) => {
      let user: AuthUser | undefined;
      let token: string | null;
      try {
        token = bearer(request, queryToken);
        if (!token) throw new AppError('UNAUTHORIZED', 'No autorizado: inicie sesión para continuar');
        const claims = opts.resolveSession.cached && verifiedClaims(app.deps.tokenKeys.session, token);
        if (claims) user = opts.resolveSession.cached!(claims);
      } catch (err) {
        return done(err as Error);
      }
      if (user) return done(admit(request, url, policy, user));
      app.authenticate(token).then(
        (u) => done(admit(request, url, policy, u)),
        (err: Error) => done(err),
      );
    };
    authHooks.add(hook);
    return hook;
  }

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const config = route.config as { policy?: Policy; queryToken?: boolean; rateLimit?: string } | undefined;
    const policy = config?.policy;
    if (!policy) throw new Error(`La ruta ${route.method} ${route.url} no declara config.policy`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        declared.push({
          method,
          url: route.url,
          policy,
          queryToken: config?.queryToken === true,
          ...(config?.rateLimit ? { rateLimit: config.rateLimit } : {}),
          schema: route.schema as DeclaredRoute['schema'],
        });
    }
    if (policy === 'public' && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
    // Also for the HEAD route Fastify adds beside a GET (it comes here with its own copy of the options).
    if (policy !== 'public')
      route.onRequest = [
        authHook(policy, config?.queryToken === true, route.url),
        ...(route.onRequest ? [route.onRequest].flat() : []),
      ];
  });
});
