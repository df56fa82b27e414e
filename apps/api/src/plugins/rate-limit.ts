import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '@ips/shared/errors';

/**
 * Per-user limits on the expensive routes (decision 014): a token bucket per user and group, in memory on each
 * instance. A route opts in with `config: { rateLimit: 'search' }`. `burst` requests may come at once; after
 * that they refill at `perMinute`. Login has its own lockout per account, kept in the database.
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
  /** CUPS import preview and apply: up to 50,000 lines each; an administrator previews, fixes, previews again. */
  import: { burst: 5, perMinute: 5 },
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

/** Runs after the auth hook, before the body is read: a limited request costs almost nothing. */
export default fp(async function rateLimitPlugin(app: FastifyInstance) {
  const scale = app.deps.config.rateLimitScale;
  if (scale <= 0) return;
  const buckets = new TokenBuckets(scale);
  const timer = setInterval(() => buckets.sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  app.addHook('onRequest', async (request, reply) => {
    const group = request.routeOptions.config.rateLimit;
    if (!group) return;
    const key = request.user ? `u${request.user.id}` : `ip${request.ip}`;
    const wait = buckets.take(group, key);
    if (wait === 0) return;
    reply.header('retry-after', String(wait));
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Demasiadas solicitudes. Espere ${wait} segundo${wait === 1 ? '' : 's'} e intente de nuevo.`,
    );
  });
});
