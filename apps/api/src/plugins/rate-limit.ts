import type { FastifyInstance, onRequestHookHandler, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@ips/shared/errors';
import { authHooks } from './auth';

/**
 * Per-user limits on the expensive routes (decision 014) and per-address limits on the routes that need no
 * sign-in (decision 019): a token bucket per user (or address) and group, in memory on each instance. A route
 * opts in with `config: { rateLimit: 'search' }`; every other public /api route but the health check counts
 * against `public`. `burst` requests may come at once; after that they refill at `perMinute`. Login also has
 * its lockout per account and address, kept in the database.
 */
export const RATE_LIMITS = {
  /** Quick search while typing: even without a debounce a fast typist fires ~10 a second for a few seconds. */
  search: { burst: 60, perMinute: 300 },
  /**
   * Paged lists that answer up to 500–2,000 rows a page: the patient directory (the list PDF fetches up to 50
   * pages), appointments, agendas, queue, call logs, transfers. The agenda screen of a 300-doctor day reads ~9
   * pages of appointments and one of agendas, every 10 s while the live stream is down: ~60 a minute.
   */
  directory: { burst: 120, perMinute: 120 },
  /** Files built from a whole day's data. */
  export: { burst: 10, perMinute: 10 },
  /** Dashboards and statistics that aggregate many rows. */
  report: { burst: 60, perMinute: 60 },
  /**
   * Sign-ins per address, all accounts together. Staff share the clinic's address behind NAT: 60 may sign in in
   * the same minute, then one every 6 s (600 an hour), well above a shift change.
   */
  login: { burst: 60, perMinute: 10 },
  /** The other routes without sign-in (the login screen's settings, the API docs): one or two per page load. */
  public: { burst: 120, perMinute: 120 },
  /** CUPS import preview and apply: up to 50,000 lines each; an administrator previews, fixes, previews again. */
  import: { burst: 5, perMinute: 5 },
  /**
   * Agenda generation from templates: one run writes up to a year of agendas (bulk: tens of thousands). A
   * scheduler previews, adjusts and generates, template after template: 20 at once, then one every 3 s.
   */
  generate: { burst: 20, perMinute: 20 },
  /** Patient documents of up to 20 MB each (decision 036): a receptionist scanning a folder sends dozens at once. */
  upload: { burst: 60, perMinute: 60 },
  /**
   * A document's signed link, per address (it carries no session): a PDF viewer asks for a few ranges of each
   * document, and a clinic's staff share one address.
   */
  download: { burst: 300, perMinute: 600 },
  /**
   * The voice provider's webhooks, per sending address: every call ends in two or three, and a busy clinic's
   * provider may send hundreds a second from a few addresses (issue 18: 500 a second must be held).
   */
  webhook: { burst: 2000, perMinute: 60_000 },
  /** The voice agent's server tools and conversation start, per address: a few per call, many calls at once. */
  voiceTool: { burst: 300, perMinute: 1200 },
  /**
   * Refused credentials on the routes without a session (issue 33): each 401 of a public route takes one, per
   * address; with none left, every public route but sign-in answers that address 429 before looking at its secret,
   * signature or link. A provider with the right secret never spends them; a guesser gets 30 tries, then one every
   * 2 s. Sign-in is left out: it has its own lockout per account and address (decision 019).
   */
  refused: { burst: 30, perMinute: 30 },
} as const satisfies Record<string, { burst: number; perMinute: number }>;

export type RateLimitGroup = keyof typeof RATE_LIMITS;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Counts the request against this per-user limit (plugins/rate-limit.ts). */
    rateLimit?: RateLimitGroup;
  }
}

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly scale: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token; returns 0 when allowed, else the whole seconds until the next token. */
  take(group: RateLimitGroup, key: string): number {
    const { burst, perMinute } = RATE_LIMITS[group];
    const capacity = burst * this.scale;
    const perMs = (perMinute * this.scale) / 60_000;
    const id = `${group}:${key}`;
    const now = this.now();
    const b = this.buckets.get(id) ?? { tokens: capacity, at: now };
    b.tokens = Math.min(capacity, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(id, b);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
  }

  /** The whole seconds until this bucket has a token, without taking one; 0 when it has. */
  waitFor(group: RateLimitGroup, key: string): number {
    const { burst, perMinute } = RATE_LIMITS[group];
    const perMs = (perMinute * this.scale) / 60_000;
    const b = this.buckets.get(`${group}:${key}`);
    if (!b) return 0;
    const tokens = Math.min(burst * this.scale, b.tokens + (this.now() - b.at) * perMs);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / perMs / 1000));
  }

  /** Forgets buckets that have refilled completely (they behave as new ones). */
  sweep(): void {
    const now = this.now();
    for (const [id, b] of this.buckets) {
      const { burst, perMinute } = RATE_LIMITS[id.slice(0, id.indexOf(':')) as RateLimitGroup];
      const fullAfterMs = ((burst - b.tokens / this.scale) / perMinute) * 60_000;
      if (now - b.at >= fullAfterMs) this.buckets.delete(id);
    }
  }

  get size(): number {
    return this.buckets.size;
  }
}

const SWEEP_EVERY_MS = 60_000;

/** Public routes that are not limited: load balancers and monitors poll the health check. */
const UNLIMITED_PUBLIC = new Set(['/api/health']);

/** The group a route counts against, from its options when it is registered. */
export function groupOf(route: { url: string; config?: { policy?: unknown; rateLimit?: RateLimitGroup } }) {
  const config = route.config ?? {};
  if (config.rateLimit) return config.rateLimit;
  const url = route.url;
  if (config.policy === 'public' && url.startsWith('/api/') && !UNLIMITED_PUBLIC.has(url)) return 'public';
  return undefined;
}

/** Whether a route's 401s count against its address's `refused` allowance: the public ones, but sign-in. */
export function refusalsCount(route: { config?: { policy?: unknown; rateLimit?: RateLimitGroup } }): boolean {
  return route.config?.policy === 'public' && route.config.rateLimit !== 'login';
}

/**
 * The key of an address: IPv4 as is (also when written IPv4-mapped); IPv6 by its /64, which one subscriber or
 * one clinic network holds whole, so rotating addresses inside it does not buy new allowances.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Runs after the auth hook, before the body is read: a limited request costs almost nothing. Only the routes
 * that count against a group get the hook, placed right after their auth hook (plugins/auth.ts), before any hook
 * of the route's own; the others pay nothing.
 */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const scale = app.deps.config.rateLimitScale;
  if (scale <= 0) return;
  const buckets = new TokenBuckets(scale);
  const timer = setInterval(() => buckets.sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const tooMany = (wait: number) =>
    new AppError(
      'TOO_MANY_REQUESTS',
      `Demasiadas solicitudes. Espere ${wait} segundo${wait === 1 ? '' : 's'} e intente de nuevo.`,
    );
  const limitHook =
    (group: RateLimitGroup, countsRefusals: boolean): onRequestHookHandler =>
    (request, reply, done) => {
      const key = request.user ? `u${request.user.id}` : `ip${addressKey(request.ip)}`;
      const wait = (countsRefusals && buckets.waitFor('refused', key)) || buckets.take(group, key);
      if (wait === 0) return done();
      reply.header('retry-after', String(wait));
      done(tooMany(wait));
    };
  const countRefusal: onResponseHookHandler = (request, reply, done) => {
    if (reply.statusCode === 401) buckets.take('refused', `ip${addressKey(request.ip)}`);
    done();
  };

  app.addHook('onRoute', (route) => {
    const group = groupOf(route as Parameters<typeof groupOf>[0]);
    if (!group) return;
    const countsRefusals = refusalsCount(route as Parameters<typeof refusalsCount>[0]);
    const hooks = route.onRequest ? [route.onRequest].flat() : [];
    const afterAuth = hooks.findIndex((h) => authHooks.has(h)) + 1;
    hooks.splice(afterAuth, 0, limitHook(group, countsRefusals));
    route.onRequest = hooks;
    if (countsRefusals)
      route.onResponse = [countRefusal, ...(route.onResponse ? [route.onResponse].flat() : [])];
  });
});
