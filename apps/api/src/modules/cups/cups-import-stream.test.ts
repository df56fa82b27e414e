import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';
import { CsvReader, parseCsv } from '../../lib/csv-import/csv';
import { planImport } from './import';
import { importResultJson } from './import-response';
import { MAX_IMPORT_ROWS, readImportRows } from '../../lib/csv-import/read-rows';

const HEADER = 'code,name,category,price,requires_authorization';
const line = (i: number) => `Q${String(i).padStart(5, '0')},Procedimiento de carga ${i},Carga,${i},0`;
const csvOf = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => line(i))].join('\n');

/** Counts the turns of the event loop that other work gets while `work` runs. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  let running = true;
  const spin = () => {
    turns++;
    if (running) setImmediate(spin);
  };
  setImmediate(spin);
  await work();
  running = false;
  return turns;
}

describe('CsvReader', () => {
  it('gives the same records whatever pieces the text arrives in', () => {
    const text =
      '\uFEFFcode;name\r\n890201;"Consulta; primera vez"\r\n\r\n902210;"Hemograma ""IV""\r\ncon línea"\r\n903895;x';
    const whole = parseCsv(text);
    expect(whole.map((r) => r.line)).toEqual([1, 2, 4, 6]);
    for (let size = 1; size <= 7; size++) {
      const reader = new CsvReader();
      const rows = [];
      for (let i = 0; i < text.length; i += size) rows.push(...reader.push(text.slice(i, i + size)));
      rows.push(...reader.end());
      expect(rows, `pieces of ${size}`).toEqual(whole);
    }
  });
});

describe('readImportRows', () => {
  it('stops pulling an endless upload as soon as it passes the row limit', async () => {
    let pulled = 0;
    async function* endless() {
      for (let i = 0; ; i++) {
        pulled++;
        yield i === 0 ? `${HEADER}\n` : `${Array.from({ length: 1000 }, (_, k) => line(k)).join('\n')}\n`;
      }
    }
    await expect(readImportRows(endless())).rejects.toThrow(
      'El archivo excede 50.000 filas; divídalo en partes',
    );
    expect(pulled).toBeLessThanOrEqual(MAX_IMPORT_ROWS / 1000 + 2);
  });

  it('gives the event loop back while it reads and plans a large file', async () => {
    const csv = csvOf(20_000);
    let rows: Awaited<ReturnType<typeof readImportRows>> = [];
    expect(await turnsDuring(async () => (rows = await readImportRows(csv)))).toBeGreaterThan(10);
    expect(rows).toHaveLength(20_001);
    let plan: Awaited<ReturnType<typeof planImport>> | undefined;
    expect(await turnsDuring(async () => (plan = await planImport(rows, new Map())))).toBeGreaterThan(10);
    expect(plan!.lines).toHaveLength(20_000);
    const result = { mode: 'preview' as const, applied: false, summary: {} as never, lines: plan!.lines };
    let json = '';
    expect(await turnsDuring(async () => (json = await importResultJson(result, 'Vista')))).toBeGreaterThan(
      10,
    );
    expect(JSON.parse(json).data.lines).toEqual(plan!.lines);
  });
});

describe('POST /api/cups/import as text/csv', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
  });
  afterAll(async () => t?.close());

  const upload = (payload: string | Readable, mode?: string) =>
    admin({
      method: 'POST',
      url: `/api/cups/import${mode ? `?mode=${mode}` : ''}`,
      headers: { 'content-type': 'text/csv; charset=utf-8' },
      payload,
    });

  it('previews and applies the file as the JSON body does', async () => {
    const csv = `${HEADER}\nQ90001,Procedimiento por archivo,Carga,1000,si\n890201,Consulta de primera vez por medicina general,,45000,`;
    const viaJson = await admin({ method: 'POST', url: '/api/cups/import', payload: { csv } });
    const preview = await upload(Readable.from([csv.slice(0, 30), csv.slice(30)]));
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toMatch(/^application\/json/);
    expect(preview.json()).toEqual(viaJson.json());
    expect(preview.json().data.summary).toMatchObject({ total: 2, create: 1, reject: 0 });

    const applied = await upload(csv, 'apply');
    expect(applied.json()).toMatchObject({
      success: true,
      message: 'Importación aplicada: 1 creados, 1 actualizados',
      data: { applied: true },
    });
    expect((await upload(csv, 'ya')).json().errors.mode).toEqual(["El modo debe ser 'preview' o 'apply'"]);
  });

  it('refuses 100,000 lines at the limit, as a stream and as JSON', async () => {
    const csv = csvOf(100_000);
    const streamed = await upload(Readable.from(csv.match(/[\s\S]{1,65536}/g)!));
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().message).toBe('El archivo excede 50.000 filas; divídalo en partes');
    const json = await admin({ method: 'POST', url: '/api/cups/import', payload: { csv } });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('El archivo excede 50.000 filas; divídalo en partes');
  });

  it('refuses an upload past 12 MB with 413', async () => {
    const chunk = `${line(1)}${' '.repeat(1024 * 1024)}\n`;
    const res = await upload(Readable.from([HEADER + '\n', ...Array.from({ length: 13 }, () => chunk)]));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('El archivo CSV es demasiado grande');
  });
});
