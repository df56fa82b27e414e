import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_TIMEZONE } from '@ips/shared/format';
import { newPassword } from '@ips/shared/schemas/password';
import { smtpUrlFromEnv } from './lib/mailer';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(12),
  ADMIN_EMAIL: z.string().email().optional(),
  // The same rule as every other password (12 characters, not a common one; decision 021).
  ADMIN_PASSWORD: newPassword.optional(),
  ORG_TIMEZONE: z.string().default(DEFAULT_TIMEZONE),
  DEMO_MODE: bool.optional(),
  CORS_ORIGIN: z.string().optional(),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).max(1000).default(1),
  EVENT_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 366)
    .default(24 * 7),
  SMTP_URL: z.string().optional(),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_SECURE: bool.optional(),
  SMTP_FROM: z.string().optional(),
  ELEVENLABS_API_KEY: z.string().optional(),
  ELEVENLABS_WEBHOOK_SECRET: z.string().optional(),
  ELEVENLABS_TOOL_SECRET: z.string().optional(),
  ELEVENLABS_AGENT_ID: z.string().optional(),
  ELEVENLABS_PHONE_NUMBER_ID: z.string().optional(),
  ELEVENLABS_BASE_URL: z.string().url().default('https://api.elevenlabs.io'),
  VOICE_OUTBOUND_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(10),
  VOICE_OUTBOUND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A PostgreSQL server; when absent the embedded PGlite is used. */
  databaseUrl?: string;
  /** Where PGlite keeps its files; 'memory://' keeps nothing. */
  dataDir: string;
  jwtSecret?: string;
  sessionTtlHours: number;
  adminEmail?: string;
  adminPassword?: string;
  orgTimezone: string;
  /**
   * Demo users and demo data; only ever on the embedded database. What is asked for here; the value in force is
   * settled at start from this, the installation's stored choice and ADMIN_EMAIL (db/seed/demo-mode.ts, decision 021).
   */
  demoMode: boolean;
  /** DEMO_MODE was given (or a server database, never a demo): it wins over the installation's stored choice. */
  demoModeExplicit: boolean;
  corsOrigin?: string;
  /**
   * Which peers may tell the client's address and protocol (X-Forwarded-For/-Proto): false (none: the socket's
   * address counts), a number of proxy hops, or addresses and CIDRs of the proxies. Fastify's `trustProxy`.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Built web app to serve; none in tests. */
  webDist?: string;
  /** Multiplies the per-user limits of plugins/rate-limit.ts; 0 turns them off. */
  rateLimitScale: number;
  /** How long live events are kept in event_log for Last-Event-ID replay (lib/event-retention.ts, decision 017). */
  eventRetentionHours: number;
  /** Outgoing e-mail (lib/mailer.ts, decision 033): a connection URL and the sender; none, no e-mail is sent. */
  smtpUrl?: string;
  smtpFrom?: string;
  /** The AI voice agent's provider (integrations/elevenlabs, decision 038); absent values turn its parts off. */
  voice: VoiceConfig;
}

export interface VoiceConfig {
  /** Outbound calls: the API key, the agent and the phone number it calls from. */
  apiKey?: string;
  agentId?: string;
  phoneNumberId?: string;
  baseUrl: string;
  /** Verifies the post-call webhooks (ElevenLabs-Signature). */
  webhookSecret?: string;
  /** What the agent sends (Authorization: Bearer) to the conversation-start endpoint and the server tools. */
  toolSecret?: string;
  /** The outbound dispatcher: at most this many calls a minute across instances, and attempts per call log. */
  outboundPerMinute: number;
  outboundMaxAttempts: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!isValidTimezone(e.ORG_TIMEZONE))
    throw new Error(`Configuración inválida: ORG_TIMEZONE ${e.ORG_TIMEZONE}`);
  const embedded = !e.DATABASE_URL;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    jwtSecret: e.JWT_SECRET,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    orgTimezone: e.ORG_TIMEZONE,
    demoMode: embedded && (e.DEMO_MODE ?? true),
    demoModeExplicit: !embedded || e.DEMO_MODE !== undefined,
    corsOrigin: e.CORS_ORIGIN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    eventRetentionHours: e.EVENT_RETENTION_HOURS,
    smtpUrl: smtpUrlFromEnv(env),
    smtpFrom: e.SMTP_FROM || undefined,
    voice: {
      apiKey: e.ELEVENLABS_API_KEY || undefined,
      agentId: e.ELEVENLABS_AGENT_ID || undefined,
      phoneNumberId: e.ELEVENLABS_PHONE_NUMBER_ID || undefined,
      baseUrl: e.ELEVENLABS_BASE_URL.replace(/\/+$/, ''),
      webhookSecret: e.ELEVENLABS_WEBHOOK_SECRET || undefined,
      toolSecret: e.ELEVENLABS_TOOL_SECRET || undefined,
      outboundPerMinute: e.VOICE_OUTBOUND_PER_MINUTE,
      outboundMaxAttempts: e.VOICE_OUTBOUND_MAX_ATTEMPTS,
    },
  };
}

/** proxy-addr's names for whole ranges, accepted beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, '' or 'false' trusts no proxy (the default: a client cannot choose its own address);
 * a positive integer trusts that many hops; otherwise a comma-separated list of proxy addresses or CIDRs.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new Error(`Configuración inválida: TRUST_PROXY ${value} (a lo sumo 100 saltos)`);
    return hops;
  }
  const entries = value.split(',').map((v) => v.trim());
  const bad = entries.filter((v) => !isAddressOrCidr(v));
  if (bad.length)
    throw new Error(
      `Configuración inválida: TRUST_PROXY debe ser false, un número de saltos o una lista de direcciones o redes (CIDR) separadas por comas; no se reconoce: ${bad.map((b) => `"${b}"`).join(', ')}`,
    );
  return entries;
}

export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}
