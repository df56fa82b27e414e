import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/helpers';
import { worldFixture, type World } from '../../test/factories/world';

/** The CIE-10 catalogue: the seeded demo set, accent-insensitive search, the all-or-nothing CSV import. */
const ctx = worldFixture();
let t: TestApp;
let w: World;
beforeAll(() => {
  ({ t, w } = ctx);
});

const search = async (q: string) => {
  const res = await w.c.doctor({ method: 'GET', url: `/api/cie10?search=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items.map((i: { code: string }) => i.code) as string[];
};
const count = async () =>
  Number((await t.app.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from cie10`)).rows[0]!.n);
const importCsv = (csv: string, mode: 'preview' | 'apply') =>
  w.c.admin({ method: 'POST', url: '/api/cie10/import', payload: { csv, mode } });

describe('CIE-10', () => {
  it('the demo set is seeded and searched by code or words, without accents or case', async () => {
    expect(await count()).toBe(26);
    expect(await search('j06')).toEqual(['J069']);
    expect(await search('J06.9')).toEqual(['J069']);
    expect(await search('HIPERTENSION esencial')).toEqual(['I10X']);
    expect(await search('infeccion viral')).toEqual(['B349']);
    expect(await search('vías urinarias')).toEqual(['N390']);
    expect(await search('zzzz')).toEqual([]);
  });

  it('preview reports bad lines; apply refuses them and writes nothing; a good file applies', async () => {
    const before = await count();
    const bad =
      'codigo;nombre\nK359;Apendicitis aguda, no especificada\n12;Sin letra\nJ069;\nK359;Repetido\n';
    const preview = await importCsv(bad, 'preview');
    expect(preview.statusCode, preview.body).toBe(200);
    const lines = preview.json().data.lines;
    expect(lines.map((l: { line: number; action: string }) => [l.line, l.action])).toEqual([
      [2, 'create'],
      [3, 'reject'],
      [4, 'reject'],
      [5, 'reject'],
    ]);
    expect(lines[1].reason).toContain('El código CIE-10 debe ser una letra');
    expect(lines[2].reason).toContain('El nombre del diagnóstico es obligatorio');
    expect(lines[3].reason).toContain('Código repetido: ya aparece en la línea 2');

    const refused = await importCsv(bad, 'apply');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('3 líneas rechazadas; no se importó nada');
    expect(Object.keys(refused.json().errors)).toEqual(['line_3', 'line_4', 'line_5']);
    expect(await count()).toBe(before);

    const good =
      'code,name\nK359,"Apendicitis aguda, no especificada"\nR51X,Cefalea\nJ069,Infección aguda de las vías respiratorias superiores (renombrada)\n';
    const applied = await importCsv(good, 'apply');
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.summary).toEqual({ total: 3, create: 1, update: 1, unchanged: 1, reject: 0 });
    expect(await count()).toBe(before + 1);
    expect(await search('apendicitis')).toEqual(['K359']);
    expect(await search('renombrada')).toEqual(['J069']);
    expect(
      (await w.c.reception({ method: 'POST', url: '/api/cie10/import', payload: { csv: good } })).statusCode,
    ).toBe(403);
  });

  it('a header it does not know is refused in Spanish', async () => {
    const res = await importCsv('codigo,precio\nA09X,1\n', 'preview');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Columna desconocida en la cabecera: "precio". Columnas admitidas: code,name',
    );
  });
});
