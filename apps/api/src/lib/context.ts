import type { Role } from '@ips/shared/catalogs/roles';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { EventBus } from './event-bus';
import type { LiveSettings } from './live-settings';
import type { TokenKeys } from './tokens';
import type { TxHookRegistry } from './tx-hooks';

/** Who may call a route: anyone, any signed-in user, or the listed roles. Every /api route declares one. */
export type Policy = 'public' | 'authenticated' | readonly Role[];

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  sessionId: string;
  sessionExpiresAt: Date;
  /** Someone else chose the password: the auth hook allows only what changing it needs (decision 021). */
  mustChangePassword: boolean;
}

/** The author of a change, for the audit log. */
export interface Actor {
  userId: number | null;
  requestId: string | null;
}

export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  events: EventBus;
  /** One signing key per kind of token (lib/tokens.ts): a verifier uses only its own. */
  tokenKeys: TokenKeys;
  /** What modules do inside each other's transactions (lib/tx-hooks.ts), wired in app.ts. */
  hooks: TxHooks;
  /** The organisation settings in force, kept current on every instance (lib/live-settings.ts, decision 027). */
  settings: LiveSettings;
}

/** The app's hook registry (lib/tx-hooks.ts): its handlers get the app's deps and the author of the change. */
export type TxHooks = TxHookRegistry<AppDeps, Actor>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    policy?: Policy;
    /** Accept `?token=` (EventSource and download links cannot send headers). */
    queryToken?: boolean;
  }
}

export function actorOf(request: { user: AuthUser | null; id: string }): Actor {
  return { userId: request.user?.id ?? null, requestId: String(request.id) };
}
