import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads commas, quotes with escapes and embedded line breaks, CRLF and a BOM', () => {
    const rows = parseCsv(
      '\uFEFFcode,name\r\n890201,"Consulta, primera vez"\r\n902210,"Hemograma ""IV""\ncon línea"\r\n',
    );
    expect(rows).toEqual([
      { line: 1, fields: ['code', 'name'] },
      { line: 2, fields: ['890201', 'Consulta, primera vez'] },
      { line: 3, fields: ['902210', 'Hemograma "IV"\ncon línea'] },
    ]);
  });

  it('detects the semicolon of es-CO spreadsheets and skips blank lines, keeping line numbers', () => {
    const rows = parseCsv('code;name;price\n\n890201;Consulta;45000,50\n');
    expect(rows).toEqual([
      { line: 1, fields: ['code', 'name', 'price'] },
      { line: 3, fields: ['890201', 'Consulta', '45000,50'] },
    ]);
  });

  it('refuses an unterminated quote with its line', () => {
    expect(() => parseCsv('code,name\n890201,"sin cerrar\n')).toThrow(CsvSyntaxError);
    try {
      parseCsv('code,name\n890201,"sin cerrar\n');
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(2);
    }
  });
});
