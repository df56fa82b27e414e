import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CALL_CSV_COLUMNS } from '@ips/shared/schemas/calls';
import { callAudio, calls } from '../../db/schema/calls';
import * as repo from './repo';
import { callsFixture, handMade, registerCall } from './test-factory';

const ctx = callsFixture();
const get = (url: string, who: keyof typeof ctx.c = 'agent') => ctx.c[who]({ method: 'GET', url });

const STATUSES = ['ended', 'ended', 'active', 'waiting'] as const;
const PRIORITIES = ['urgencia', 'alta', 'normal', 'baja'] as const;
const NAMES = ['José Pérez', 'María López', 'Juan Gómez', 'Ana Ríos', 'Luis Díaz'];

describe('call history', () => {
  it('filters by status and priority, searches name and phone, pages newest first', async () => {
    const now = new Date();
    // 60 calls, one a minute, newest = #0. Status cycles over 4, priority over 3 (so they combine).
    await ctx.t.app.deps.db.insert(calls).values(
      Array.from({ length: 60 }, (_, i) => {
        const status = STATUSES[i % 4]!;
        const started = 60 * (i + 1);
        return handMade(now, {
          name: NAMES[i % 5],
          phone: `+57310${String(1_000_000 + i).padStart(7, '0')}`,
          status,
          priority: PRIORITIES[i % 3]!,
          started,
          answered: status === 'waiting' ? undefined : started - 5,
          waitingSince: status === 'waiting' ? started : undefined,
          ended: status === 'ended' ? started - 30 : undefined,
        });
      }),
    );
    const all = await get('/api/calls/history?limit=25');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 60, total_exact: true, limit: 25, offset: 0 });
    const items = all.json().items as { started_at: string; id: number }[];
    expect(items).toHaveLength(25);
    const times = items.map((c) => c.started_at);
    expect([...times].sort().reverse()).toEqual(times);

    // Default page size is 50; 25/50/100 only.
    expect((await get('/api/calls/history')).json().limit).toBe(50);
    const bad = await get('/api/calls/history?limit=30');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('El tamaño de página debe ser 25, 50 o 100');

    // Every page, front half and back half (read from the other end), joins into the whole list.
    const pages = [];
    for (let offset = 0; offset < 60; offset += 25) {
      pages.push(...(await get(`/api/calls/history?limit=25&offset=${offset}`)).json().items);
    }
    const ids = pages.map((c: { id: number }) => c.id);
    expect(new Set(ids).size).toBe(60);
    const full = (await get('/api/calls/history?limit=100')).json().items.map((c: { id: number }) => c.id);
    expect(ids).toEqual(full);

    // The deep-page path (ids first; the second half from the other end) gives the same pages.
    for (const f of [{}, { status: 'ended' as const }]) {
      const count = await repo.countHistory(ctx.t.app.deps.db, f);
      const whole = await repo.historyPage(ctx.t.app.deps.db, f, 100, 0, count);
      for (const offset of [0, 7, 25, 29, 31, 50, 59]) {
        const page = await repo.historyPage(ctx.t.app.deps.db, f, 25, offset, count, new Date(), 0);
        expect(
          page.map((c) => c.id),
          `${JSON.stringify(f)} ${offset}`,
        ).toEqual(whole.slice(offset, offset + 25).map((c) => c.id));
      }
    }

    const ended = await get('/api/calls/history?status=ended&limit=100');
    expect(ended.json().total).toBe(30);
    expect(ended.json().items.every((c: { status: string }) => c.status === 'ended')).toBe(true);
    const endedUrgent = await get('/api/calls/history?status=ended&priority=urgencia&limit=100');
    // i ≡ 0 or 1 (mod 4) and i ≡ 0 (mod 3): i ∈ {0,9,12,21,24,33,36,45,48,57} → 10
    expect(endedUrgent.json().total).toBe(10);
    expect(endedUrgent.json().items).toHaveLength(10);
    const back = await get('/api/calls/history?status=ended&priority=urgencia&limit=25&offset=0');
    expect(back.json().items.map((c: { id: number }) => c.id)).toEqual(
      endedUrgent.json().items.map((c: { id: number }) => c.id),
    );
    expect((await get('/api/calls/history?status=all')).json().total).toBe(60);

    // Name search ignores accents and case; phone search by digits, with or without +57.
    const jose = await get('/api/calls/history?search=JOSE%20perez&limit=100');
    expect(jose.json()).toMatchObject({ total: 12, total_exact: true });
    expect(jose.json().items.every((c: { patient_name: string }) => c.patient_name === 'José Pérez')).toBe(
      true,
    );
    const byPhone = await get(`/api/calls/history?search=${encodeURIComponent('+57 310 100 0007')}`);
    expect(byPhone.json().items.map((c: { patient_phone: string }) => c.patient_phone)).toEqual([
      '+573101000007',
    ]);
    const partial = await get('/api/calls/history?search=100000&limit=100');
    expect(partial.json().total).toBe(10); // …1000000 to …1000009
    const offsetPast = await get('/api/calls/history?offset=500');
    expect(offsetPast.json().items).toEqual([]);
  });

  // A stored phone (+ and digits) computes nothing: written as it is, while a formula gets the apostrophe.
  it('the CSV: every match, the spec columns, a BOM, formulas neutralised', async () => {
    await registerCall(ctx.c.agent, {
      patient_name: '=HYPERLINK("http://malo")',
      patient_phone: '3157778899',
    });
    const res = await get('/api/calls/history/export.csv?search=hyperlink');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="historial-llamadas-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(CALL_CSV_COLUMNS.join(';'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^\d+;"'=HYPERLINK\(""http:\/\/malo""\)";\+573157778899;;General;En espera;Normal;\d+:\d{2};/,
    );

    const everything = await get('/api/calls/history/export.csv?status=ended');
    const rows = everything.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(rows).toHaveLength(1 + 30);
    expect(rows[1]).toContain('Finalizada');
    // Accents survive (UTF-8).
    expect(rows.some((r) => r.includes('José Pérez'))).toBe(true);
    expect((await get('/api/calls/history/export.csv', 'doctor')).statusCode).toBe(403);
  });
});

describe('call audio', () => {
  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
  let id: number;

  it('serves the recording whole and by ranges, with the signed-in user rights', async () => {
    id = (await registerCall(ctx.c.agent)).id;
    await ctx.t.app.deps.db.insert(callAudio).values({
      callId: id,
      contentType: 'audio/mpeg',
      size: bytes.length,
      sha256: 'abc123',
      data: bytes,
    });
    const dto = (await get(`/api/calls/${id}`)).json().data;
    expect(dto.audio_url).toBe(`/api/calls/${id}/audio`);

    const whole = await get(`/api/calls/${id}/audio`, 'reception');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const range = (r: string) =>
      ctx.c.agent({ method: 'GET', url: `/api/calls/${id}/audio`, headers: { range: r } });
    const mid = await range('bytes=100-199');
    expect(mid.statusCode).toBe(206);
    expect(mid.headers['content-range']).toBe('bytes 100-199/1000');
    expect(mid.headers['content-length']).toBe('100');
    expect(mid.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);
    const open = await range('bytes=900-');
    expect(open.headers['content-range']).toBe('bytes 900-999/1000');
    expect(open.rawPayload.equals(bytes.subarray(900))).toBe(true);
    const suffix = await range('bytes=-10');
    expect(suffix.rawPayload.equals(bytes.subarray(990))).toBe(true);
    const clipped = await range('bytes=990-5000');
    expect(clipped.headers['content-range']).toBe('bytes 990-999/1000');
    const outside = await range('bytes=1000-');
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
    expect((await range('items=0-1')).statusCode).toBe(416);

    expect((await get(`/api/calls/${id}/audio`, 'doctor')).statusCode).toBe(403);
    const none = await get(`/api/calls/${(await registerCall(ctx.c.agent)).id}/audio`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('La llamada no tiene grabación');
    expect((await get('/api/calls/999999/audio')).statusCode).toBe(404);
  });

  it('call_counts stays equal to a recount', async () => {
    const rows = await ctx.t.app.deps.db.execute(sql`
      select (select coalesce(sum(n), 0)::int from call_counts) as counted,
             (select count(*)::int from calls) as real`);
    const r = (rows as unknown as { rows: { counted: number; real: number }[] }).rows[0]!;
    expect(r.counted).toBe(r.real);
  });
});
