import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cups } from '../../db/schema/resources';
import { auditLog } from '../../db/schema/system';
import { as, buildTestApp, loginAs, type TestApp } from '../../test/helpers';

let t: TestApp;
let admin: ReturnType<typeof as>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = as(t.app, await loginAs(t.app, 'admin@test.ips.co'));
});
afterAll(async () => t?.close());

const importCsv = (csv: string, mode?: 'preview' | 'apply') =>
  admin({ method: 'POST', url: '/api/cups/import', payload: mode ? { csv, mode } : { csv } });
const count = async () => (await t.app.deps.db.select().from(cups)).length;

const GOOD = [
  'code,name,category,price,requires_authorization',
  '881302,Ecografía de prueba uno,Ecografía,110000,1',
  '"A00002","Procedimiento con coma, y ""comillas""",Otros,45000.50,no',
  '890201,Consulta de primera vez por medicina general,,45000,',
  '890301,Consulta de control o de seguimiento por medicina general,,,',
].join('\n');

describe('POST /api/cups/import', () => {
  it('previews line by line what it would create, update or leave, writing nothing', async () => {
    const before = await count();
    const res = await importCsv(GOOD);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.mode).toBe('preview');
    expect(data.applied).toBe(false);
    expect(data.summary).toEqual({ total: 4, create: 2, update: 1, unchanged: 1, reject: 0 });
    expect(data.lines).toEqual([
      { line: 2, code: '881302', name: 'Ecografía de prueba uno', action: 'create' },
      { line: 3, code: 'A00002', name: 'Procedimiento con coma, y "comillas"', action: 'create' },
      {
        line: 4,
        code: '890201',
        name: 'Consulta de primera vez por medicina general',
        action: 'update',
        changes: ['price'],
      },
      {
        line: 5,
        code: '890301',
        name: 'Consulta de control o de seguimiento por medicina general',
        action: 'unchanged',
      },
    ]);
    expect(await count()).toBe(before);
  });

  it('reports each bad line with its Spanish reason and, on apply, writes nothing', async () => {
    const csv = [
      'code;name;category;price;requires_authorization',
      ';Sin código;;;',
      '12345;Código corto;;;',
      '777777;;;;',
      '777778;Precio con miles;;45.000;',
      '777779;Precio negativo;;-5;',
      '777780;Bandera rara;;;tal vez',
      '777781;Bien;;1000;0',
      '777781;Repetido;;1000;0',
      '777782;Columnas de más;;1;0;extra',
    ].join('\r\n');
    const before = await count();
    const preview = (await importCsv(csv)).json().data;
    expect(preview.summary).toEqual({ total: 9, create: 1, update: 0, unchanged: 0, reject: 8 });
    const reasons = Object.fromEntries(
      preview.lines
        .filter((l: { action: string }) => l.action === 'reject')
        .map((l: { line: number; reason: string }) => [l.line, l.reason]),
    );
    expect(reasons).toEqual({
      2: 'Ingresa el código CUPS',
      3: 'El código CUPS debe tener 6 caracteres (letras o números)',
      4: 'Ingresa el nombre del procedimiento',
      5: 'Precio inválido',
      6: 'Precio inválido',
      7: 'requires_authorization: Valor inválido: use 0 o 1',
      9: 'Código repetido: ya aparece en la línea 8',
      10: 'Se esperaban 5 columnas y la línea tiene 6',
    });

    const applied = await importCsv(csv, 'apply');
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toBe('8 líneas rechazadas; no se importó nada');
    expect(applied.json().errors.line_5).toEqual(['Precio inválido']);
    expect(await count()).toBe(before);
    expect(
      (await admin({ method: 'GET', url: '/api/cups?search=777781' })).json().data.pagination.total,
    ).toBe(0);
  });

  it('applies a clean file in one transaction, keeping what blank cells do not mention, and audits it', async () => {
    const before = await count();
    const res = await importCsv(GOOD, 'apply');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Importación aplicada: 2 creados, 1 actualizados');
    expect(res.json().data.applied).toBe(true);
    expect(await count()).toBe(before + 2);
    const [eco] = await t.app.deps.db.select().from(cups).where(eq(cups.code, '881302'));
    expect(eco).toMatchObject({
      name: 'Ecografía de prueba uno',
      category: 'Ecografía',
      price: 110000,
      requiresAuthorization: true,
      status: 'Activo',
    });
    const [consult] = await t.app.deps.db.select().from(cups).where(eq(cups.code, '890201'));
    // Price updated; the blank category kept the seeded one.
    expect(consult).toMatchObject({ price: 45000, category: 'Consulta' });
    const audits = await t.app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.tableName, 'cups'))
      .orderBy(auditLog.id);
    expect(audits.filter((a) => (a.newValues as { source?: string }).source === 'import')).toHaveLength(3);
    // The same file again changes nothing.
    expect((await importCsv(GOOD)).json().data.summary).toMatchObject({ create: 0, update: 0, unchanged: 4 });
  });

  it('accepts Spanish headers in any order', async () => {
    const res = await importCsv('Nombre,Código,Precio\nConsulta X,c00001,1000');
    expect(res.json().data.lines).toEqual([
      { line: 2, code: 'C00001', name: 'Consulta X', action: 'create' },
    ]);
  });

  it('refuses a file it cannot read as a whole with 400', async () => {
    const cases: [string, string][] = [
      [
        'code,name,color\n890201,X,rojo',
        'Columna desconocida en la cabecera: "color". Columnas admitidas: code,name,category,price,requires_authorization',
      ],
      [
        'name,price\nX,1',
        'Falta la columna code en la cabecera; se espera: code,name,category,price,requires_authorization',
      ],
      ['code,name\n', 'El archivo no tiene filas de datos'],
      ['code,name\n890201,"sin cerrar', 'CSV inválido: Comillas sin cerrar en la línea 2'],
    ];
    for (const [csv, message] of cases) {
      const res = await importCsv(csv);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const badMode = await admin({
      method: 'POST',
      url: '/api/cups/import',
      payload: { csv: 'code,name', mode: 'ya' },
    });
    expect(badMode.json().errors.mode).toEqual(["El modo debe ser 'preview' o 'apply'"]);
    expect((await admin({ method: 'POST', url: '/api/cups/import', payload: {} })).json().errors.csv).toEqual(
      ['Envíe el contenido CSV en el campo csv'],
    );
  });

  it('takes a file larger than the default 1 MB body limit', async () => {
    const lines = ['code,name,category,price,requires_authorization'];
    for (let i = 0; i < 12_000; i++)
      lines.push(
        `Z${String(i).padStart(5, '0')},Procedimiento de carga número ${i} con un nombre bastante largo para pesar,Carga,${i},0`,
      );
    const csv = lines.join('\n');
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.summary.create).toBe(12_000);
  });
});
