import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { validatorCompiler } from 'fastify-type-provider-zod';
import '@ips/shared/zod-es';
import type { AppConfig } from './config';
import type { TxHooks } from './lib/context';
import { defaultSettings } from './modules/settings/defaults';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seed } from './db/seed/index';
import { EventBus } from './lib/event-bus';
import { LiveSettings } from './lib/live-settings';
import { startEventRetention } from './lib/event-retention';
import { findUp } from './lib/paths';
import { loadTokenKeys } from './lib/tokens';
import { TxHookRegistry } from './lib/tx-hooks';
import { VERSION } from './lib/version';
import { serializeError } from './lib/log-safety';
import { stdoutDestination } from './lib/log-destination';
import { lazyChildLoggerFactory } from './lib/lazy-logger';
import { responseSerializerCompiler } from './lib/response-serializer';
import authPlugin from './plugins/auth';
import { sessionResolver } from './modules/sessions/resolve';
import { streamSessions } from './modules/sessions/stream-sessions';
import securityHeaders from './plugins/security-headers';
import accessLog, { serializeRequest } from './plugins/access-log';
import errorsPlugin, { frameworkErrorHandler } from './plugins/errors';
import { openApiTransform } from './plugins/openapi-transform';
import rateLimitPlugin from './plugins/rate-limit';
import authRoutes from './modules/auth/routes';
import passwordRoutes from './modules/auth/password-routes';
import eventRoutes from './modules/events/routes';
import healthRoutes from './modules/health/routes';
import lookupRoutes from './modules/lookups/routes';
import patientRoutes from './modules/patients/routes';
import pregnancyRoutes from './modules/pregnancies/routes';
import sessionRoutes from './modules/sessions/routes';
import settingsRoutes from './modules/settings/routes';
import uploadRoutes, { uploadFileRoutes } from './modules/uploads/routes';
import documentRoutes from './modules/documents/routes';
import userRoutes from './modules/users/routes';
import unlockRoutes from './modules/auth/unlock-routes';
import specialtyRoutes from './modules/specialties/routes';
import doctorRoutes from './modules/doctors/routes';
import locationRoutes from './modules/locations/routes';
import locationTypeRoutes from './modules/location-types/routes';
import zoneRoutes from './modules/zones/routes';
import municipalityRoutes from './modules/municipalities/routes';
import epsRoutes from './modules/eps/routes';
import cupsRoutes from './modules/cups/routes';
import serviceRoutes from './modules/services/routes';
import epsAuthorizationRoutes from './modules/eps-authorizations/routes';
import holidayRoutes from './modules/holidays/routes';
import availabilityRoutes from './modules/availabilities/routes';
import templateRoutes from './modules/agenda-templates/routes';
import appointmentRoutes from './modules/appointments/routes';
import bookingRoutes from './modules/appointments/booking-routes';
import autoAssignmentRoutes from './modules/auto-assignment/routes';
import { registerQueueHooks } from './modules/queue/appointment-hooks';
import returnToQueueRoutes from './modules/queue/return-to-queue-routes';
import queueRoutes from './modules/queue/routes';
import waitingListRoutes from './modules/queue/waiting-list-routes';
import callLogRoutes from './modules/call-logs/routes';
import transferRoutes from './modules/transfers/routes';
import callRoutes from './modules/calls/routes';
import callStatusRoutes from './modules/calls/statuses-routes';
import accessLogRoutes from './modules/access-log/routes';
import auditRoutes from './modules/audit/routes';
import billingRoutes from './modules/billing/routes';
import ripsRoutes from './modules/rips/routes';
import ripsFieldRoutes from './modules/rips/fields-routes';
import cie10Routes from './modules/rips/cie10-routes';
import analyticsRoutes from './modules/analytics/routes';
import metricsRoutes from './modules/metrics/metrics-routes';
import { registerBillingHooks } from './modules/billing/appointment-hooks';
import financialMetricsRoutes from './modules/metrics/financial-routes';
import doctorPriceRoutes from './modules/doctors/price-routes';
import notificationRoutes from './modules/notifications/routes';
import { registerNotificationHooks } from './modules/notifications/hooks';
import { startNotifications } from './modules/notifications/runtime';
import voiceWebhookRoutes from './modules/voice-agent/webhook-routes';
import consultationRoutes from './modules/voice-agent/consultations-routes';
import voiceAgentRoutes from './modules/voice-agent/agent-routes';
import { startVoiceAgent } from './modules/voice-agent/runtime';
import './lib/context';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Fastify 5.12 treats a numeric trustProxy as "trust nobody" (a hop count cannot tell a proxy from a direct
 * client), so a hop count is given as proxy-addr's function: the nearest `hops` addresses are proxies.
 * Decision 022: use hops only when every request comes through the proxies.
 */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from the config. */
  database?: Database;
  /** Catalogues, settings and, in demo mode, demo data. Default true. */
  seed?: boolean;
  /** Where log lines go (tests read them); else standard output, gathered up to 10 ms a write (lib/log-destination.ts). */
  logStream?: { write: (line: string) => void };
}

export async function buildApp(initialConfig: AppConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  let config = initialConfig;
  const database =
    opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const logDestination = opts.logStream ?? stdoutDestination();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      stream: logDestination,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
        censor: '[oculto]',
      },
      serializers: {
        req: serializeRequest as (req: unknown) => Record<string, unknown>,
        err: serializeError,
      },
    },
    // request.log is made when a request first logs through it (most never do: their line is the access line).
    childLoggerFactory: lazyChildLoggerFactory,
    // A client's request id is kept only when it is plainly an id: it is echoed and written into every log line.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // One access-log line per request, written when it ends (plugins/access-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: frameworkErrorHandler,
    // Off unless configured: otherwise any client could write its own address into sessions, logins and logs.
    trustProxy: trustProxyOption(config.trustProxy),
  });
  try {
    // The API speaks JSON only (uploads register multipart where they need it): anything else is 415.
    app.removeContentTypeParser('text/plain');
    await app.register(accessLog, { destination: logDestination });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(responseSerializerCompiler({ verify: config.env === 'test' }));

    await runMigrations(database, config.databaseUrl);
    // The demo mode in force comes from the seed: DEMO_MODE, the installation's stored choice, ADMIN_EMAIL (decision 021).
    if (opts.seed !== false)
      config = {
        ...config,
        demoMode: (await seed(database.db, config, { settings: defaultSettings(config.orgTimezone) })).demo,
      };
    const tokenKeys = await loadTokenKeys(database.db, config.jwtSecret);
    const events = new EventBus(database);
    await events.start();
    // The settings in force on this instance, kept current on every instance (lib/live-settings.ts, decision 027).
    // The organisation timezone is one of them (ORG_TIMEZONE only seeds it): `config.orgTimezone` reads it live.
    const settings = await LiveSettings.start(database.db, events, defaultSettings(config.orgTimezone));
    const liveConfig: AppConfig = Object.defineProperty({ ...config }, 'orgTimezone', {
      get: () => settings.orgTimezone,
      enumerable: true,
      configurable: true,
    });
    const hooks: TxHooks = new TxHookRegistry();
    registerQueueHooks(hooks);
    registerBillingHooks(hooks);
    registerNotificationHooks(hooks);
    app.decorate('deps', {
      config: liveConfig,
      database,
      db: database.db,
      events,
      tokenKeys,
      hooks,
      settings,
    });
    // Event streams end with their session (lib/sse.ts): the sessions module says how.
    app.decorate('streamSessions', streamSessions(app.deps));
    const stopEventRetention = startEventRetention(app.deps, app.log);
    const stopNotifications = startNotifications(app.deps, app.log);
    const stopVoiceAgent = startVoiceAgent(app.deps, app.log);
    app.addHook('onClose', async () => {
      settings.stop();
      await stopVoiceAgent();
      await stopNotifications();
      await stopEventRetention();
      await events.stop();
      await database.close();
    });
    // The request id and the security headers, on every answer (errors and event streams included).
    await app.register(securityHeaders);
    // Only the configured origins, and for them every method and header the API uses (decision 022).
    if (config.corsOrigin)
      await app.register(cors, {
        origin: config.corsOrigin
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean),
        credentials: false,
        methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'Last-Event-ID', 'X-Request-Id'],
        exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
        maxAge: 600,
      });
    await app.register(errorsPlugin);
    await app.register(authPlugin, { resolveSession: sessionResolver(app.deps, app.log) });
    await app.register(rateLimitPlugin);
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'IPS Agenda API',
          version: VERSION,
          description: 'API de gestión de citas, agendas y pacientes',
        },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
        security: [{ bearer: [] }],
      },
      transform: openApiTransform,
    });

    await app.register(
      async (api) => {
        for (const routes of [
          healthRoutes,
          authRoutes,
          passwordRoutes,
          sessionRoutes,
          userRoutes,
          unlockRoutes,
          settingsRoutes,
          uploadRoutes,
          lookupRoutes,
          eventRoutes,
          patientRoutes,
          pregnancyRoutes,
          specialtyRoutes,
          doctorRoutes,
          locationRoutes,
          locationTypeRoutes,
          zoneRoutes,
          municipalityRoutes,
          epsRoutes,
          cupsRoutes,
          serviceRoutes,
          epsAuthorizationRoutes,
          holidayRoutes,
          availabilityRoutes,
          templateRoutes,
          appointmentRoutes,
          bookingRoutes,
          autoAssignmentRoutes,
          queueRoutes,
          returnToQueueRoutes,
          waitingListRoutes,
          callLogRoutes,
          transferRoutes,
          callRoutes,
          callStatusRoutes,
          accessLogRoutes,
          auditRoutes,
          billingRoutes,
          doctorPriceRoutes,
          ripsRoutes,
          ripsFieldRoutes,
          cie10Routes,
          notificationRoutes,
          financialMetricsRoutes,
          analyticsRoutes,
          metricsRoutes,
          documentRoutes,
          voiceWebhookRoutes,
          consultationRoutes,
          voiceAgentRoutes,
        ]) {
          await api.register(routes);
        }
        api.get('/docs', { config: { policy: 'public' }, schema: { hide: true } }, async () => app.swagger());
      },
      { prefix: '/api' },
    );

    // Uploaded files (the logo) from the database, on every instance (decision 027).
    await app.register(uploadFileRoutes);

    const webDist = config.webDist ?? (config.env === 'test' ? null : findUp('apps/web/dist'));
    if (webDist && existsSync(join(webDist, 'index.html'))) {
      await app.register(fastifyStatic, { root: webDist, wildcard: false, maxAge: '1h', index: false });
      // Client-side routes: any GET outside /api that is not a file answers with the app.
      app.get('/*', { config: { policy: 'public' } }, (request, reply) => {
        // A missing asset (a path with a file extension) is a 404, not the app's HTML.
        const path = request.url.split('?')[0]!;
        if (path.startsWith('/api') || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
    }
    await app.ready();
    return app;
  } catch (err) {
    await app.close().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
}
