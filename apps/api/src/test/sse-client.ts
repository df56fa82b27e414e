import type { FastifyInstance } from 'fastify';

/** A test client of an SSE stream: collects the text received and waits for what a test expects. */
export async function openStream(
  base: string,
  token: string,
  lastEventId?: number,
  path = '/api/events/stream',
) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}?token=${token}`, {
    headers: lastEventId ? { 'last-event-id': String(lastEventId) } : {},
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      /* aborted */
    }
    ended = true;
  })();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    get text() {
      return text;
    },
    async waitFor(pred: (text: string) => boolean, ms = 5000) {
      const start = Date.now();
      while (!pred(text)) {
        if (Date.now() - start > ms) throw new Error(`SSE: no llegó lo esperado. Recibido:\n${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return text;
    },
    get ended() {
      return ended;
    },
    close() {
      controller.abort();
      return pump;
    },
  };
}

export interface SseFrame {
  id: number;
  event: string;
  data: { type: string; channel: string; payload: Record<string, unknown>; created_at: string };
}

/** The event frames in the text received so far (comments, retry and session frames left out). */
export function frames(text: string): SseFrame[] {
  return text
    .split('\n\n')
    .map((block) => {
      const id = /^id: (\d+)$/m.exec(block)?.[1];
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      return id && event && data ? { id: Number(id), event, data: JSON.parse(data) } : null;
    })
    .filter((f): f is SseFrame => f !== null);
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('sin dirección');
  return `http://127.0.0.1:${addr.port}`;
}
