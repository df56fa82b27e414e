/**
 * The voice agent at scale (issue 18, decision 038), on PostgreSQL, through a real API process (production mode):
 *   a. signed post-call webhooks at `--rate` (500) per second for `--seconds` (10), open loop: p95 ≤ 100 ms, and
 *      none lost (every event in the inbox, applied, one consultation each);
 *   b. one 20 MB recording (post_call_audio, ~27 MB of base64): the body is spooled to a file while its signature
 *      is computed; the server's RSS is sampled every 25 ms; then the same body with a forged signature;
 *   c. `--bookers` (200) conversations book at once through the agent's book tool into one agenda with
 *      `--slots` (20) free times: exactly that many appointments, the rest go to the waiting queue.
 *
 *   flock /tmp/bench.lock npm run bench:voice -- [--url=postgres://postgres@127.0.0.1:5432/postgres]
 *     [--rate=500] [--seconds=10] [--audio-mb=20] [--bookers=200] [--slots=20] [--only=a|b|c] [--no-results]
 * --only runs one part and prints it (nothing is appended to bench/RESULTS.md).
 */
import { createHash, createHmac } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { localDateTime } from '../packages/shared/src/format';
import { addDays } from '../packages/shared/src/scheduling/calendar-days';
import { scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'ips_bench_voice';
const RATE = Number(args.rate ?? 500);
const SECONDS = Number(args.seconds ?? 10);
const AUDIO_MB = Number(args['audio-mb'] ?? 20);
const BOOKERS = Number(args.bookers ?? 200);
const SLOTS = Number(args.slots ?? 20);
const WEBHOOK_SECRET = 'wsec_bench_voice_0123456789';
const TOOL_SECRET = 'tsec_bench_voice_0123456789';
const TZ = 'America/Bogota';
const MiB = 2 ** 20;
const ONLY = args.only;

const sign = (body: string | Buffer, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v0=${createHmac('sha256', WEBHOOK_SECRET).update(`${t}.`).update(body).digest('hex')}`;

/** One POST over a keep-alive agent; resolves to [status, ms from the write to the last byte]. */
function post(
  agent: http.Agent,
  base: URL,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<[number, number]> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve([res.statusCode ?? 0, performance.now() - t0]));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function transcription(conv: string, i: number) {
  const now = Math.floor(Date.now() / 1000);
  return JSON.stringify({
    type: 'post_call_transcription',
    event_timestamp: now,
    data: {
      agent_id: 'agent_bench',
      conversation_id: conv,
      status: 'done',
      transcript: [
        {
          role: 'agent',
          message: 'Hola, gracias por llamar a la IPS. ¿En qué le puedo ayudar?',
          time_in_call_secs: 0,
        },
        {
          role: 'user',
          message: `Quisiera saber el horario de atención, llamada ${i}.`,
          time_in_call_secs: 4,
        },
        { role: 'agent', message: 'Atendemos de lunes a viernes de 7 a 18.', time_in_call_secs: 9 },
      ],
      metadata: {
        start_time_unix_secs: now - 60,
        call_duration_secs: 42,
        termination_reason: 'end_call tool was called.',
        phone_call: { direction: 'inbound', external_number: `+5730${String(10_000_000 + i)}` },
      },
      analysis: {
        call_successful: 'success',
        transcript_summary: 'El paciente preguntó el horario.',
        data_collection_results: { motivo: { value: 'Horario', rationale: 'Lo preguntó.' } },
      },
    },
  });
}

async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** a. Open loop: RATE webhooks a second, each sent on its tick whatever the previous answers. */
async function webhookFlood(api: ApiProcess, c: pg.Client) {
  const base = new URL(api.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = RATE * SECONDS;
  const run = Date.now().toString(36);
  const bodies = Array.from({ length: total }, (_, i) => transcription(`conv_bench_${run}_${i}`, i));
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const pending: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const body = bodies[i]!;
    pending.push(
      post(agent, base, '/api/integrations/elevenlabs/webhook', body, {
        'elevenlabs-signature': sign(body),
      }).then(
        ([s, t]) => {
          latencies.push(t);
          statuses.set(s, (statuses.get(s) ?? 0) + 1);
        },
        () => void errors++,
      ),
    );
  }
  const sendSeconds = (performance.now() - t0) / 1000;
  await Promise.all(pending);
  const answeredSeconds = (performance.now() - t0) / 1000;
  agent.destroy();
  const like = `conv_bench_${run}_%`;
  await waitFor('the inbox drained', async () => {
    const { rows } = await c.query<{ n: number }>(
      `select count(*)::int as n from voice_webhook_inbox where conversation_id like $1 and status = 'pending'`,
      [like],
    );
    return rows[0]!.n === 0;
  });
  const drainedSeconds = (performance.now() - t0) / 1000;
  const { rows } = await c.query<{
    inbox: number;
    done: number;
    failed: number;
    consultations: number;
    calls: number;
  }>(
    `select (select count(*)::int from voice_webhook_inbox where conversation_id like $1) as inbox,
            (select count(*)::int from voice_webhook_inbox where conversation_id like $1 and status = 'done') as done,
            (select count(*)::int from voice_webhook_inbox where conversation_id like $1 and status = 'failed') as failed,
            (select count(*)::int from voice_consultations where conversation_id like $1) as consultations,
            (select count(*)::int from calls where conversation_id like $1) as calls`,
    [like],
  );
  return {
    total,
    sendSeconds,
    answeredSeconds,
    drainedSeconds,
    statuses,
    errors,
    p50: pct(latencies, 50),
    p95: pct(latencies, 95),
    p99: pct(latencies, 99),
    max: Math.max(...latencies),
    counts: rows[0]!,
  };
}

/** b. One large recording, RSS sampled while it goes up; then the same bytes with a forged signature. */
async function bigAudio(api: ApiProcess, c: pg.Client) {
  const base = new URL(api.base);
  const audio = Buffer.alloc(AUDIO_MB * MiB);
  for (let i = 0; i < audio.length; i += 4) audio.writeUInt32LE((i * 2654435761) >>> 0, i);
  audio.write('ID3', 0, 'latin1');
  const sha = createHash('sha256').update(audio).digest('hex');
  const conv = `conv_bench_audio_${Date.now().toString(36)}`;
  const body = Buffer.from(
    JSON.stringify({
      type: 'post_call_audio',
      event_timestamp: Math.floor(Date.now() / 1000),
      data: { agent_id: 'agent_bench', conversation_id: conv, full_audio: audio.toString('base64') },
    }),
  );
  const agent = new http.Agent({ keepAlive: false });
  const measure = async (signature: string) => {
    await new Promise((r) => setTimeout(r, 1000));
    const before = api.rss();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, api.rss())), 25);
    const [status, took] = await post(agent, base, '/api/integrations/elevenlabs/webhook', body, {
      'elevenlabs-signature': signature,
    });
    clearInterval(timer);
    return { status, took, before, peak, after: api.rss() };
  };
  const forged = await measure(`t=${Math.floor(Date.now() / 1000)},v0=${'0'.repeat(64)}`);
  const valid = await measure(sign(body));
  await waitFor('the recording stored', async () => {
    const { rows } = await c.query(
      `select 1 from call_audio a join calls k on k.id = a.call_id where k.conversation_id = $1`,
      [conv],
    );
    return rows.length > 0;
  });
  const stored = (
    await c.query<{ size: number; sha256: string }>(
      `select a.size, a.sha256 from call_audio a join calls k on k.id = a.call_id where k.conversation_id = $1`,
      [conv],
    )
  ).rows[0]!;
  return {
    bodyMiB: body.length / MiB,
    forged,
    valid,
    storedOk: stored.size === audio.length && stored.sha256 === sha,
  };
}

/** c. BOOKERS conversations ask for the specialty at once; the agenda has SLOTS free times. */
async function bookingRace(api: ApiProcess, c: pg.Client) {
  const q = (text: string, params: unknown[] = []) => c.query(text, params);
  const specialty = `Voz Bench ${Date.now().toString(36)}`;
  const sp = (await q(`insert into specialties (name) values ($1) returning id`, [specialty])).rows[0].id;
  const loc = (await q(`insert into locations (name) values ('Sede Voz Bench') returning id`)).rows[0].id;
  const doc = (
    await q(`insert into doctors (name, license_number) values ('Doctora Voz Bench', $1) returning id`, [
      `RM-V${Date.now() % 1e9}`,
    ])
  ).rows[0].id;
  const date = addDays(localDateTime(new Date(), TZ).slice(0, 10), 3);
  const end = `${String(8 + Math.floor((SLOTS * 15) / 60)).padStart(2, '0')}:${String((SLOTS * 15) % 60).padStart(2, '0')}`;
  const agenda = (
    await q(
      `insert into availabilities (location_id, specialty_id, doctor_id, date, start_time, end_time, capacity, duration_minutes)
       values ($1, $2, $3, $4, '08:00', $5, $6, 15) returning id`,
      [loc, sp, doc, date, end, SLOTS],
    )
  ).rows[0].id as number;
  const first = 70_000_000 + (Date.now() % 1_000_000) * 10;
  await q(
    `insert into patients (document, name, phone) select ($1::bigint + g)::text, 'Paciente Voz ' || g, '3000000000'
     from generate_series(1, $2) g`,
    [first, BOOKERS],
  );
  const base = new URL(api.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: BOOKERS });
  const statuses = new Map<number, number>();
  const t0 = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: BOOKERS }, async (_, i) => {
      const body = JSON.stringify({
        conversation_id: `conv_bench_book_${agenda}_${i}`,
        document: String(first + i + 1),
        specialty,
      });
      const [s, t] = await post(agent, base, '/api/integrations/elevenlabs/tools/book', body, {
        authorization: `Bearer ${TOOL_SECRET}`,
      });
      statuses.set(s, (statuses.get(s) ?? 0) + 1);
      return t;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  agent.destroy();
  const { rows } = await q(
    `select (select count(*)::int from appointments where availability_id = $1 and status <> 'Cancelada') as booked,
            (select count(distinct scheduled_at)::int from appointments where availability_id = $1 and status <> 'Cancelada') as times,
            (select count(*)::int from voice_tool_results where conversation_id like $2 and queue_id is not null) as queued,
            (select count(*)::int from voice_tool_results where conversation_id like $2) as answered`,
    [agenda, `conv_bench_book_${agenda}_%`],
  );
  return { seconds, statuses, p95: pct(latencies, 95), max: Math.max(...latencies), ...rows[0] } as {
    seconds: number;
    statuses: Map<number, number>;
    p95: number;
    max: number;
    booked: number;
    times: number;
    queued: number;
    answered: number;
  };
}

const fmtStatuses = (m: Map<number, number>) => [...m].map(([s, n]) => `${n} × ${s}`).join(', ');
const mib = (b: number) => (b / MiB).toFixed(0);

async function main() {
  const db = await scratchDatabase(BASE_URL, DB_NAME);
  const c = new pg.Client({ connectionString: db.url });
  let api: ApiProcess | null = null;
  try {
    const loadBefore = uptime();
    api = await startApi({
      DATABASE_URL: db.url,
      ELEVENLABS_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ELEVENLABS_TOOL_SECRET: TOOL_SECRET,
      ORG_TIMEZONE: TZ,
    });
    await c.connect();
    if (ONLY) {
      const part = { a: webhookFlood, b: bigAudio, c: bookingRace }[ONLY];
      if (!part) throw new Error(`--only=${ONLY}: a, b or c`);
      console.log(`[bench:voice] ${ONLY}`, await part(api, c), uptime());
      return;
    }
    const a = await webhookFlood(api, c);
    console.log('[bench:voice] a', a);
    const b = await bigAudio(api, c);
    console.log('[bench:voice] b', b);
    const r = await bookingRace(api, c);
    console.log('[bench:voice] c', r);
    const loadAfter = uptime();
    const lost = a.total - a.counts.consultations;
    const lines = [
      `## ${stamp()} UTC — Voice agent: webhooks, a large recording, a booking race (bench/voice-agent.ts)`,
      '',
      `${await machineLine(BASE_URL)}. Machine load (\`uptime\`) before: \`${loadBefore}\`; after: \`${loadAfter}\`. One API process on PostgreSQL (production mode, request logs at info to /dev/null); the load generator is another process on the same two cores.`,
      '',
      `a. ${a.total} signed post_call_transcription webhooks sent open-loop at ${RATE}/s (sending took ${a.sendSeconds.toFixed(1)} s, the last answer at ${a.answeredSeconds.toFixed(1)} s, the inbox drained at ${a.drainedSeconds.toFixed(1)} s):`,
      '',
      ...table(
        [
          'answers',
          'p50 ms',
          'p95 ms',
          'p99 ms',
          'max ms',
          'inbox rows',
          'applied',
          'failed',
          'consultations',
          'calls',
          'lost',
        ],
        [
          [
            fmtStatuses(a.statuses) + (a.errors ? `, ${a.errors} socket errors` : ''),
            ms(a.p50),
            ms(a.p95),
            ms(a.p99),
            ms(a.max),
            a.counts.inbox,
            a.counts.done,
            a.counts.failed,
            a.counts.consultations,
            a.counts.calls,
            lost,
          ],
        ],
      ),
      '',
      `- Target p95 ≤ 100 ms: ${ms(a.p95)} ms — ${a.p95 <= 100 ? 'met' : 'NOT met'}; none lost: ${lost === 0 && a.counts.inbox === a.total ? 'met' : 'NOT met'}.`,
      '',
      `b. One ${AUDIO_MB} MB recording as post_call_audio (${b.bodyMiB.toFixed(1)} MiB of JSON); server RSS (VmRSS) sampled every 25 ms during the request:`,
      '',
      ...table(
        ['signature', 'answer', 'seconds', 'RSS before MiB', 'peak MiB', 'peak Δ MiB', 'after MiB'],
        (['forged', 'valid'] as const).map((k) => {
          const r = b[k];
          return [
            k,
            r.status,
            (r.took / 1000).toFixed(2),
            mib(r.before),
            mib(r.peak),
            `+${mib(r.peak - r.before)}`,
            mib(r.after),
          ];
        }),
      ),
      '',
      `- Stored on the call with the same size and SHA-256: ${b.storedOk ? 'yes' : 'NO'}.`,
      '',
      `c. ${BOOKERS} conversations call the book tool at once for one specialty whose only agenda has ${SLOTS} free times: ${r.booked} appointments at ${r.times} distinct times, ${r.queued} sent to the waiting queue, ${r.answered} answers recorded (${fmtStatuses(r.statuses)}), in ${r.seconds.toFixed(1)} s (p95 ${ms(r.p95)} ms, max ${ms(r.max)} ms). Target exactly ${SLOTS}: ${r.booked === SLOTS && r.times === SLOTS ? 'met' : 'NOT met'}.`,
    ];
    report(lines, args);
  } finally {
    await c.end().catch(() => undefined);
    await api?.stop();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
