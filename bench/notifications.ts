/**
 * Notifications at scale (issue 22, decision 033), on PostgreSQL, through real API processes (production mode):
 *   - a broadcast to 2,000 users (POST /notifications to a role) — target ≤ 1 s;
 *   - the bell's read (GET /notifications/my?limit=1: unread count, total, first row) with 10,000,000
 *     notifications in the table (5,000 per user, 2 % unread) — target unread count p95 ≤ 10 ms;
 *   - an outbox of 10,000 e-mails drained by two API instances through a local SMTP server (in this process) —
 *     target ≥ 100 messages/s, each delivered once.
 *
 *   npx tsx bench/notifications.ts [--n=10000000] [--users=2000] [--emails=10000] [--reps=200] [--quick] [--no-results]
 */
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { login, scratchDatabase, startApi, type ApiProcess } from './lib/api-process';
import { machineLine, ms, pct, report, stamp, table, uptime } from './lib/results';
import { parseArgs } from './lib/target';

const args = parseArgs(process.argv.slice(2));
const quick = args.quick === 'true';
const BASE_URL = args.url ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(args.users ?? 2000);
const N = Number(args.n ?? (quick ? 1_000_000 : 10_000_000));
const EMAILS = Number(args.emails ?? (quick ? 2000 : 10_000));
const REPS = Number(args.reps ?? (quick ? 50 : 200));

async function smtpSink() {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4000) head += c.toString('latin1');
      });
      stream.on('end', () => {
        subjects.push(/^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '');
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    subjects,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function timed(fn: () => Promise<unknown>) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  const db = await scratchDatabase(BASE_URL, 'ips_bench_notifications');
  const smtp = await smtpSink();
  const env = { DATABASE_URL: db.url, SMTP_URL: smtp.url, SMTP_FROM: 'IPS Bench <bench@ips.local>' };
  const apis: ApiProcess[] = [];
  const c = new pg.Client({ connectionString: db.url });
  try {
    apis.push(await startApi(env));
    const base = apis[0]!.base;
    const token = await login(base);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await c.connect();
    await c.query(
      `insert into users (name, email, role, password_hash)
       select 'Agente ' || g, 'agente' || g || '@bench.ips.local', 'agent', 'x' from generate_series(1, $1) g`,
      [USERS],
    );

    // 1. Broadcast to every agent.
    const broadcast: number[] = [];
    for (let i = 0; i < 5; i++)
      broadcast.push(
        await timed(async () => {
          const res = await fetch(`${base}/api/notifications`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ title: `Aviso general ${i}`, body: 'Reunión de turno', roles: ['agent'] }),
          });
          if (res.status !== 201) throw new Error(`broadcast → ${res.status} ${await res.text()}`);
          const n = ((await res.json()) as { data: { recipients: number } }).data.recipients;
          if (n !== USERS) throw new Error(`broadcast reached ${n}, not ${USERS}`);
        }),
      );

    // 2. N notifications spread over every user (the bench admin included), 2 % unread, then the bell's read.
    const seedStart = performance.now();
    await c.query(
      `insert into notifications (user_id, type, title, body, read_at, created_at)
       select u.id, 'message', 'Aviso ' || g, '', case when g % 50 = 0 then null else now() end,
              now() - (g || ' seconds')::interval
         from generate_series(1, $1) g
         join (select id, row_number() over (order by id) - 1 as k from users) u
           on u.k = g % (select count(*) from users)`,
      [N],
    );
    await c.query('vacuum (analyze) notifications');
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const { rows } = await c.query<{ n: string }>('select count(*) as n from notifications');
    const bell: number[] = [];
    const sqlCount: number[] = [];
    const adminId = (await c.query<{ id: number }>(`select id from users where email = 'bench@ips.local'`))
      .rows[0]!.id;
    for (let i = 0; i < REPS; i++) {
      bell.push(
        await timed(() =>
          fetch(`${base}/api/notifications/my?limit=1`, { headers: auth }).then((r) => r.json()),
        ),
      );
      sqlCount.push(
        await timed(() =>
          c.query('select count(*) from notifications where user_id = $1 and read_at is null', [adminId]),
        ),
      );
    }
    const unreadAnswer = (await (
      await fetch(`${base}/api/notifications/my?limit=1`, { headers: auth })
    ).json()) as {
      unread: number;
      total: number;
    };

    // 3. The outbox, drained by two instances.
    apis.push(await startApi(env));
    const before = smtp.subjects.length;
    const drainStart = performance.now();
    await c.query(
      `insert into email_outbox (kind, to_address, subject, text_body)
       select 'test', 'destino' || g || '@bench.ips.local', 'Lote ' || g, 'Correo de prueba de carga'
         from generate_series(1, $1) g`,
      [EMAILS],
    );
    // What enqueuing through the API does: an event that wakes every instance's outbox worker at commit.
    await c.query(`insert into event_log (channel, type, payload) values ('email-outbox', 'enqueued', '{}')`);
    for (;;) {
      const { rows: left } = await c.query<{ n: string }>(
        `select count(*) as n from email_outbox where status = 'pending' and subject like 'Lote %'`,
      );
      if (Number(left[0]!.n) === 0) break;
      if (performance.now() - drainStart > 600_000) throw new Error('the outbox did not drain in 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const drainSeconds = (performance.now() - drainStart) / 1000;
    const lot = smtp.subjects.slice(before).filter((s) => s.startsWith('Lote '));
    const { rows: st } = await c.query<{ status: string; n: string }>(
      `select status, count(*) as n from email_outbox where subject like 'Lote %' group by status`,
    );

    const lines = [
      `## Notificaciones a escala (${stamp()})`,
      '',
      await machineLine(db.url, `carga: ${uptime()}`),
      '',
      ...table(
        ['medida', 'resultado', 'objetivo'],
        [
          [
            `difusión a ${USERS} usuarios (POST /notifications a un rol), 5 veces`,
            `mediana ${ms(pct(broadcast, 50))} ms, máx ${ms(Math.max(...broadcast))} ms`,
            '≤ 1000 ms',
          ],
          [
            `campana (GET /notifications/my?limit=1) con ${Number(rows[0]!.n).toLocaleString('es-CO')} notificaciones, ${REPS} veces`,
            `p50 ${ms(pct(bell, 50))} ms, p95 ${ms(pct(bell, 95))} ms`,
            '—',
          ],
          [
            `conteo de no leídas (SQL, índice parcial; ${unreadAnswer.unread} de ${unreadAnswer.total})`,
            `p50 ${ms(pct(sqlCount, 50))} ms, p95 ${ms(pct(sqlCount, 95))} ms`,
            'p95 ≤ 10 ms',
          ],
          [
            `bandeja de ${EMAILS} correos con 2 instancias por SMTP local`,
            `${(EMAILS / drainSeconds).toFixed(0)} correos/s (${drainSeconds.toFixed(1)} s)`,
            '≥ 100/s',
          ],
          [
            'correos recibidos / distintos',
            `${lot.length} / ${new Set(lot).size}; estados ${st.map((r) => `${r.status} ${r.n}`).join(', ')}`,
            `${EMAILS} / ${EMAILS}`,
          ],
        ],
      ),
      '',
      `Carga de ${Number(rows[0]!.n).toLocaleString('es-CO')} filas (generate_series + vacuum analyze): ${seedSeconds.toFixed(0)} s.`,
      '',
    ];
    report(lines, args);
  } finally {
    await c.end().catch(() => {});
    for (const a of apis) await a.stop();
    await smtp.close();
    await db.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
