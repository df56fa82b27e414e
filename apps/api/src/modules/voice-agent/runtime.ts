import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../lib/context';
import { elevenLabsProvider } from '../../integrations/elevenlabs/provider';
import { OutboundDispatcher, type DispatcherOptions } from './dispatcher';
import { InboxWorker, type InboxWorkerOptions } from './inbox-worker';
import type { VoiceProvider } from './provider';

export interface VoiceRuntime {
  provider: VoiceProvider;
  inbox: InboxWorker;
  dispatcher: OutboundDispatcher;
}

const runtimes = new WeakMap<object, VoiceRuntime>();

/** The voice agent's provider and workers of an app (keyed by its event bus, one per app). */
export function voiceRuntimeOf(deps: Pick<AppDeps, 'events'>): VoiceRuntime {
  const r = runtimes.get(deps.events);
  if (!r) throw new Error('voice runtime not started');
  return r;
}

/** Starts this instance's voice-agent workers; the returned function stops them and waits for work in progress. */
export function startVoiceAgent(
  deps: AppDeps,
  log: FastifyBaseLogger,
  opts: { provider?: VoiceProvider; inbox?: InboxWorkerOptions; dispatcher?: DispatcherOptions } = {},
) {
  const provider = opts.provider ?? elevenLabsProvider(deps.config.voice);
  const inbox = new InboxWorker(deps, (err) => log.error({ err }, 'webhooks del agente de voz'), opts.inbox);
  // Tests run each pass themselves (runOnce): no timer there.
  const dispatcher = new OutboundDispatcher(
    deps,
    provider,
    (err) => log.error({ err }, 'llamadas salientes de IA'),
    {
      pollMs: deps.config.env === 'test' ? 0 : undefined,
      perMinute: deps.config.voice.outboundPerMinute,
      maxAttempts: deps.config.voice.outboundMaxAttempts,
      ...opts.dispatcher,
    },
  );
  runtimes.set(deps.events, { provider, inbox, dispatcher });
  inbox.start();
  dispatcher.start();
  // The instance that stores an event kicks its own worker; the others find it when they next poll.
  return async () => {
    await dispatcher.stop();
    await inbox.stop();
  };
}
