import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppEvent } from './event-bus';

/**
 * What a stream needs to know of sessions. The sessions module owns the channel, the cache and the rows;
 * app.ts hands them over (`app.streamSessions`), so lib/ knows no module (decision 047).
 */
export interface StreamSessions {
  /** Where ended sessions are announced, with their ids in `payload.session_ids`. */
  channel: string;
  /** Whether the session is still active, read as the auth hook reads it (through the session cache). */
  isActive(sessionId: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    streamSessions: StreamSessions;
  }
}

export interface SseOptions {
  /** Channels this stream carries. */
  channels: string[];
  /** Drops events this user should not see. */
  filter?: (event: AppEvent) => boolean;
  heartbeatMs?: number;
}

function frame(event: AppEvent): string {
  const data = JSON.stringify({
    type: event.type,
    channel: event.channel,
    payload: event.payload,
    created_at: event.createdAt,
  });
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${data}\n\n`;
}

/**
 * Opens a Server-Sent Events stream for an authenticated request: replays what the client missed
 * (Last-Event-ID), then forwards live events; a heartbeat keeps proxies from closing it and re-checks the
 * session, and the stream ends at once when its session is revoked on any instance. The heartbeat reads the
 * session through the cache of the auth hook (decision 016; `app.streamSessions`): no query while the
 * cached row is fresh, the database once it is older than SESSION_CACHE_TTL_MS, past its expiry, or
 * dropped by an end or change.
 */
export async function openEventStream(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: SseOptions,
) {
  const user = request.user!;
  const raw = reply.raw;
  const lastHeader = request.headers['last-event-id'];
  const lastQuery = (request.query as Record<string, unknown>).last_event_id;
  const lastId = Number(Array.isArray(lastHeader) ? lastHeader[0] : (lastHeader ?? lastQuery ?? 0));

  reply.hijack();
  // The headers already on the reply (security headers, request id, CORS) go with the stream's own.
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 1000\n\n');

  let closed = false;
  let lastSent = Number.isFinite(lastId) && lastId > 0 ? lastId : 0;
  const pending: AppEvent[] = [];
  let replaying = lastSent > 0;
  const send = (e: AppEvent) => {
    if (closed || e.id <= lastSent) return;
    if (opts.filter && !opts.filter(e)) return;
    lastSent = e.id;
    raw.write(frame(e));
  };
  const end = (reason?: string) => {
    if (closed) return;
    if (reason) raw.write(`event: session-ended\ndata: ${JSON.stringify({ reason })}\n\n`);
    closed = true;
    cleanup();
    raw.end();
  };

  const unsubs = opts.channels.map((ch) =>
    app.deps.events.subscribe(ch, (e) => (replaying ? pending.push(e) : send(e))),
  );
  const sessions = app.streamSessions;
  unsubs.push(
    app.deps.events.subscribe(sessions.channel, (e) => {
      const ids = (e.payload as { session_ids?: string[] }).session_ids ?? [];
      if (ids.includes(user.sessionId)) end('revoked');
    }),
  );
  const heartbeat = setInterval(async () => {
    if (closed) return;
    raw.write(': ping\n\n');
    // A failed read (the database away a moment) keeps the stream: only a session known to be over ends it.
    if (!(await sessions.isActive(user.sessionId).catch(() => true))) end('expired');
  }, opts.heartbeatMs ?? 15_000);
  const cleanup = () => {
    clearInterval(heartbeat);
    for (const u of unsubs) u();
  };
  request.raw.on('close', () => {
    closed = true;
    cleanup();
  });

  if (replaying) {
    try {
      for (const e of await app.deps.events.replay(opts.channels, lastSent)) send(e);
    } finally {
      replaying = false;
      for (const e of pending.splice(0).sort((a, b) => a.id - b.id)) send(e);
    }
  }
}
