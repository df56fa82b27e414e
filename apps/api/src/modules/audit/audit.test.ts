import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate, startOfLocalDay } from '@ips/shared/format';
import { addDays } from '@ips/shared/scheduling/calendar-days';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

/** The audit viewer (decision 029): filters, paging, detail, the CSV export and who may read it. */
let t: TestApp;
let admin: ReturnType<typeof as>;
let supervisor: ReturnType<typeof as>;
let tz: string;
let today: string;
const tokens: Record<string, string> = {};

/** Inserts one audit row `hoursAgo` before now (or at an instant), as a module would have written it. */
async function audit(
  table: string,
  record: string | number,
  action: string,
  userId: number | null,
  at: Date,
  values: { old?: unknown; new?: unknown } = {},
): Promise<number> {
  const [row] = await t.app.deps.database.query<{ id: string }>(
    `insert into audit_log (table_name, record_id, action, old_values, new_values, user_id, request_id, created_at)
     values ($1, $2, $3, $4, $5, $6, 'req-prueba', $7) returning id`,
    [
      table,
      String(record),
      action,
      values.old === undefined ? null : JSON.stringify(values.old),
      values.new === undefined ? null : JSON.stringify(values.new),
      userId,
      at.toISOString(),
    ],
  );
  return Number(row!.id);
}
/** An instant `hour`:00 local on the day `daysAgo` days before today. */
const localAt = (daysAgo: number, hour: number) =>
  new Date(startOfLocalDay(addDays(today, -daysAgo), tz).getTime() + hour * 3_600_000);

beforeAll(async () => {
  t = await buildTestApp();
  tz = t.app.deps.config.orgTimezone;
  today = localDate(new Date(), tz);
  for (const role of ['admin', 'supervisor', 'agent', 'doctor', 'reception'] as const)
    tokens[role] = await loginAs(t.app, t.users[role].email);
  admin = as(t.app, tokens.admin!);
  supervisor = as(t.app, tokens.supervisor!);
  // A known set: nothing else in the table.
  await t.app.deps.database.query('delete from audit_log');
});
afterAll(async () => t?.close());

const list = async (qs: string, who = admin) => {
  const res = await who({ method: 'GET', url: `/api/audit?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/audit', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const { admin: a, supervisor: s, agent: g } = t.users;
    ids = {
      p1create: await audit('patients', 7, 'create', g.id, localAt(3, 9), { new: { name: 'Ana' } }),
      p1update: await audit('patients', 7, 'update', s.id, localAt(2, 10), {
        old: { name: 'Ana' },
        new: { name: 'Ana María' },
      }),
      p2create: await audit('patients', 8, 'create', g.id, localAt(2, 11)),
      apCancel: await audit('appointments', 70, 'cancel', s.id, localAt(1, 8)),
      apCreate: await audit('appointments', 71, 'create', null, localAt(0, 0)),
      user: await audit('users', a.id, 'update', a.id, localAt(10, 15)),
    };
  });
  afterAll(async () => t.app.deps.database.query('delete from audit_log'));

  it('lists every change newest first, with the user joined and local times', async () => {
    const all = await list('');
    expect(all).toMatchObject({ total: 6, exact: true, page: 1, limit: 50 });
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([
      ids.apCreate,
      ids.apCancel,
      ids.p2create,
      ids.p1update,
      ids.p1create,
      ids.user,
    ]);
    expect(all.data[1]).toMatchObject({
      table_name: 'appointments',
      record_id: '70',
      action: 'cancel',
      user_id: t.users.supervisor.id,
      user_name: 'Usuario supervisor',
      user_email: 'supervisor@test.ips.co',
      user_role: 'supervisor',
      request_id: 'req-prueba',
      created_at: `${addDays(today, -1)} 08:00:00`,
    });
    expect(all.data[0]).toMatchObject({ user_id: null, user_name: null });
    expect(all.data[0]).not.toHaveProperty('new_values');
  });

  it('filters by table, record, user, action and local days, alone and together', async () => {
    const idsOf = (r: { data: { id: number }[] }) => r.data.map((x) => x.id);
    expect(idsOf(await list('table_name=patients'))).toEqual([ids.p2create, ids.p1update, ids.p1create]);
    expect(idsOf(await list('table_name=patients&record_id=7'))).toEqual([ids.p1update, ids.p1create]);
    expect(idsOf(await list(`user_id=${t.users.agent.id}`))).toEqual([ids.p2create, ids.p1create]);
    expect(idsOf(await list('action=create'))).toEqual([ids.apCreate, ids.p2create, ids.p1create]);
    expect(idsOf(await list('action=create&table_name=patients'))).toEqual([ids.p2create, ids.p1create]);
    const d2 = addDays(today, -2);
    expect(idsOf(await list(`from=${d2}&to=${d2}`))).toEqual([ids.p2create, ids.p1update]);
    expect(idsOf(await list(`from=${addDays(today, -1)}`))).toEqual([ids.apCreate, ids.apCancel]);
    expect(idsOf(await list(`to=${addDays(today, -3)}`))).toEqual([ids.p1create, ids.user]);
    // The local day starts at local midnight: the row at 00:00 today is today's, not yesterday's.
    expect(idsOf(await list(`from=${today}&to=${today}`))).toEqual([ids.apCreate]);
    expect((await list('table_name=patients&record_id=999')).total).toBe(0);
    expect((await list('action=todas&table_name=all')).total).toBe(6);
  });

  it('pages on the server with the total', async () => {
    const p1 = await list('limit=4');
    expect(p1).toMatchObject({ total: 6, exact: true, page: 1, limit: 4 });
    const p2 = await list('limit=4&page=2');
    expect(p2).toMatchObject({ total: 6, page: 2, limit: 4 });
    expect(p2.data.map((r: { id: number }) => r.id)).toEqual([ids.p1create, ids.user]);
    expect((await list('limit=4&page=3')).data).toEqual([]);
    expect((await list('limit=4&page=3')).total).toBe(6);
  });

  it('refuses bad filters with a Spanish 400', async () => {
    const cases: [string, RegExp][] = [
      ['record_id=7', /elija también la tabla/],
      [`from=${today}&to=${addDays(today, -1)}`, /fecha inicial no puede ser posterior/],
      ['table_name=Pacientes;drop', /Tabla inválida/],
      ['action=$$', /Acción inválida/],
      ['user_id=abc', /Usuario inválido/],
      ['page=21&limit=50', /primeros 1\.000 registros/],
      ['from=2026-02-31', /.+/],
    ];
    for (const [qs, message] of cases) {
      const res = await admin({ method: 'GET', url: `/api/audit?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(message);
    }
  });
});

describe('the capped total', () => {
  afterAll(async () => t.app.deps.database.query('delete from audit_log'));
  it('counts up to 1,000 matches and then says "más de" (exact: false)', async () => {
    await t.app.deps.database.query(
      `insert into audit_log (table_name, record_id, action, user_id, created_at)
       select 'appointments', i::text, 'update', null, now() - make_interval(secs => i)
       from generate_series(1, 1050) i`,
    );
    const page = await list('table_name=appointments&limit=10');
    expect(page).toMatchObject({ total: 1_000, exact: false });
    expect(page.data).toHaveLength(10);
    expect(page.data[0].record_id).toBe('1');
    expect(await list('table_name=appointments&record_id=5')).toMatchObject({ total: 1, exact: true });
    // The last page within the cap is readable.
    expect((await list('table_name=appointments&limit=200&page=5')).data).toHaveLength(200);
  });
});

describe('GET /api/audit/:id', () => {
  it('gives one change with its old and new values (nested JSON as written)', async () => {
    const id = await audit('availabilities', 5, 'update', t.users.supervisor.id, new Date(), {
      old: { status: 'Activa', slots: { booked: 2 } },
      new: { status: 'Cancelada', slots: { booked: 0 } },
    });
    const res = await supervisor({ method: 'GET', url: `/api/audit/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      table_name: 'availabilities',
      record_id: '5',
      action: 'update',
      user_name: 'Usuario supervisor',
      old_values: { status: 'Activa', slots: { booked: 2 } },
      new_values: { status: 'Cancelada', slots: { booked: 0 } },
    });
    await t.app.deps.database.query('delete from audit_log');
  });

  it('finds a user created through the API, without the password', async () => {
    const created = await admin({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Auditada Pérez', email: 'auditada@ips.co', role: 'reception' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const userId = created.json().data.id;
    const rows = await list(`table_name=users&record_id=${userId}`);
    expect(rows.total).toBe(1);
    expect(rows.data[0]).toMatchObject({ action: 'create', user_id: t.users.admin.id });
    const detail = (await admin({ method: 'GET', url: `/api/audit/${rows.data[0].id}` })).json().data;
    expect(detail.old_values).toBeNull();
    expect(detail.new_values).toMatchObject({ name: 'Auditada Pérez', email: 'auditada@ips.co' });
    expect(detail.new_values).not.toHaveProperty('password');
    expect(detail.new_values).not.toHaveProperty('password_hash');
    await t.app.deps.database.query('delete from audit_log');
  });

  it('answers 404 for a change that does not exist and 400 for a bad id', async () => {
    const missing = await admin({ method: 'GET', url: '/api/audit/987654321' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Registro de auditoría no encontrado');
    expect((await admin({ method: 'GET', url: '/api/audit/abc' })).statusCode).toBe(400);
  });
});

describe('GET /api/audit/summary', () => {
  afterAll(async () => t.app.deps.database.query('delete from audit_log'));
  const summary = async (qs = '') => {
    const res = await admin({ method: 'GET', url: `/api/audit/summary${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it('counts per table, action and user over the last 30 local days, today included', async () => {
    await t.app.deps.database.query('delete from audit_log');
    await t.app.deps.database.query('delete from audit_daily_days');
    await t.app.deps.database.query('delete from audit_daily_counts');
    await t.app.deps.database.query('delete from audit_hourly_hours');
    await t.app.deps.database.query('delete from audit_hourly_counts');
    const { agent, supervisor: s } = t.users;
    // Inside the window: 29 days ago at 00:00 local is its first instant.
    await audit('patients', 1, 'create', agent.id, localAt(29, 0));
    await audit('patients', 1, 'update', agent.id, localAt(12, 9));
    await audit('patients', 2, 'create', s.id, localAt(12, 10));
    await audit('appointments', 3, 'cancel', s.id, localAt(1, 23.99));
    await audit('appointments', 4, 'create', null, localAt(0, 0));
    // Outside: the last instant of the day before the window, and 100 days ago.
    await audit('patients', 9, 'delete', agent.id, new Date(localAt(29, 0).getTime() - 1));
    await audit('users', 9, 'update', agent.id, localAt(100, 12));

    const expected = {
      days: 30,
      from: addDays(today, -29),
      to: today,
      total: 5,
      by_table: [
        { table_name: 'patients', count: 3 },
        { table_name: 'appointments', count: 2 },
      ],
      by_action: [
        { action: 'create', count: 3 },
        { action: 'cancel', count: 1 },
        { action: 'update', count: 1 },
      ],
      by_user: [
        { user_id: agent.id, user_name: 'Usuario agent', user_role: 'agent', count: 2 },
        { user_id: s.id, user_name: 'Usuario supervisor', user_role: 'supervisor', count: 2 },
        { user_id: null, user_name: null, user_role: null, count: 1 },
      ],
    };
    const first = await summary();
    const byId = (a: { user_id: number | null }, b: { user_id: number | null }) =>
      (a.user_id ?? Infinity) - (b.user_id ?? Infinity);
    first.by_user.sort(byId);
    expected.by_user.sort(byId);
    expect(first).toEqual(expected);
    // The closed days are now counted in the rollup; the second answer reads them and is the same.
    const done = await t.app.deps.database.query<{ n: number }>(
      'select count(*)::int as n from audit_daily_days',
    );
    expect(done[0]!.n).toBeGreaterThanOrEqual(29);
    // The closed hours of today are counted too (after 01:00 local there is at least one).
    const hours = await t.app.deps.database.query<{ n: number }>(
      'select count(*)::int as n from audit_hourly_hours',
    );
    if (Date.now() - startOfLocalDay(today, tz).getTime() >= 3_600_000)
      expect(hours[0]!.n).toBeGreaterThan(0);
    const second = await summary('?days=30');
    expect(second.total).toBe(5);
    expect(second.by_table).toEqual(expected.by_table);

    // A change made now counts at once (today is read from audit_log).
    await admin({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Resumen Gómez', email: 'resumen@ips.co', role: 'agent' },
    });
    const third = await summary();
    expect(third.total).toBe(6);
    expect(third.by_table).toContainEqual({ table_name: 'users', count: 1 });

    expect((await summary('?days=1')).total).toBe(2);
    expect((await summary('?days=2')).total).toBe(3);
    expect((await summary('?days=365')).total).toBe(8);
  });

  it('agrees with a recount of audit_log for every window', async () => {
    for (const days of [1, 7, 13, 30, 90, 365]) {
      const s = await summary(`?days=${days}`);
      const from = startOfLocalDay(addDays(today, -(days - 1)), tz);
      const recount = await t.app.deps.database.query<{ table_name: string; n: number }>(
        `select table_name, count(*)::int as n from audit_log where created_at >= $1 group by 1`,
        [from.toISOString()],
      );
      const fromRecount = Object.fromEntries(recount.map((r) => [r.table_name, r.n]));
      const fromSummary = Object.fromEntries(
        s.by_table.map((r: { table_name: string; count: number }) => [r.table_name, r.count]),
      );
      expect(fromSummary, `days=${days}`).toEqual(fromRecount);
    }
  });

  it('takes 1 to 365 days, 30 by default', async () => {
    expect((await summary()).days).toBe(30);
    for (const days of ['0', '366', 'abc', '2.5']) {
      const res = await admin({ method: 'GET', url: `/api/audit/summary?days=${days}` });
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toMatch(/entre 1 y 365 días/);
    }
  });
});

describe('GET /api/audit/export.csv', () => {
  let formula: number;
  beforeAll(async () => {
    await t.app.deps.database.query('delete from audit_log');
    await audit('patients', 1, 'create', t.users.agent.id, localAt(1, 9), {
      new: { name: 'Ana, "la grande"' },
    });
    formula = await audit('patients', '=HYPERLINK("http://x")', 'update', t.users.agent.id, localAt(0, 1), {
      old: { note: '+1' },
      new: { note: '@SUM(A1)' },
    });
    await audit('users', 3, 'update', t.users.admin.id, localAt(0, 2));
  });

  const csv = (qs: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/audit/export.csv?${qs}`, headers });

  it('streams the filtered rows as UTF-8 with BOM, es-CO dates and formulas neutralised', async () => {
    const res = await csv(`table_name=patients&token=${tokens.admin}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'ID;Fecha;Usuario;Correo;Tabla;Registro;Acción;Valores anteriores;Valores nuevos;Solicitud',
    );
    expect(lines).toHaveLength(4); // header, two rows, the empty string after the last CRLF
    const [d, m, y] = today.split('-').reverse();
    expect(lines[1]).toBe(
      `${formula};${d}/${m}/${y} 01:00:00;Usuario agent;agent@test.ips.co;Pacientes;` +
        `"'=HYPERLINK(""http://x"")";Actualización;"{""note"": ""+1""}";"{""note"": ""@SUM(A1)""}";req-prueba`,
    );
    expect(lines[2]).toContain(';"{""name"": ""Ana, \\""la grande\\""""}";');
  });

  it('neutralises every cell that starts with = + - @ tab or CR, but a stored phone', async () => {
    const { csvCell } = await import('../../lib/csv-stream');
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+57 300')).toBe("'+57 300"); // not a stored phone: the space makes Excel compute it
    expect(csvCell('+573125553344')).toBe('+573125553344');
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell('normal')).toBe('normal');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('takes the token in the query or the header; no token is 401, a bad one 401, a role without access 403', async () => {
    expect((await csv('', { authorization: `Bearer ${tokens.supervisor}` })).statusCode).toBe(200);
    expect((await csv('')).statusCode).toBe(401);
    expect((await csv('token=no-es-un-token')).statusCode).toBe(401);
    for (const role of ['agent', 'doctor', 'reception'])
      expect((await csv(`token=${tokens[role]}`)).statusCode, role).toBe(403);
    // Only the export takes a token in the query: the JSON list does not.
    expect((await t.app.inject({ method: 'GET', url: `/api/audit?token=${tokens.admin}` })).statusCode).toBe(
      401,
    );
  });

  it('exports more rows than one batch, in order', async () => {
    await t.app.deps.database.query(
      `insert into audit_log (table_name, record_id, action, created_at)
       select 'cups', i::text, 'create', now() - interval '1 day' - make_interval(secs => i)
       from generate_series(1, 2500) i`,
    );
    const res = await csv(`table_name=cups&token=${tokens.admin}`);
    const lines = res.body.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(2500);
    expect(lines.map((l) => l.split(';')[5])).toEqual(Array.from({ length: 2500 }, (_, i) => String(i + 1)));
    expect(lines[0]).toContain(';Sistema;');
  });
});

describe('who may read the audit', () => {
  it('administrators and supervisors; agents, doctors and reception get 403', async () => {
    const urls = ['/api/audit', '/api/audit/summary', '/api/audit/1', '/api/audit/export.csv'];
    for (const url of urls) {
      expect((await supervisor({ method: 'GET', url })).statusCode, url).not.toBe(403);
      for (const role of ['agent', 'doctor', 'reception'] as const) {
        const res = await as(t.app, tokens[role]!)({ method: 'GET', url });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
      }
    }
  });
});
