import { describe, expect, it } from 'vitest';
import {
  attachment,
  csvCell,
  csvHeaders,
  csvLine,
  csvStream,
  eachRow,
  esDateTime,
  esNumber,
} from './csv-stream';

/** The server's one CSV writer: the rules every export (audit, calls, billing, analytics, metrics) shares. */

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(Buffer.from(chunk as string | Buffer));
  return Buffer.concat(parts).toString('utf8');
}

describe('csvCell', () => {
  it("quotes a cell that holds ';', a quote, CR or LF, and only then (a comma is plain text)", () => {
    expect(csvCell('Pérez, Ana')).toBe('Pérez, Ana');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('di "hola"')).toBe('"di ""hola"""');
    expect(csvCell('línea\nsiguiente')).toBe('"línea\nsiguiente"');
  });

  it('neutralises text starting with = + - @ tab or CR; numbers stay numbers, a stored phone stays as it is', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe('"\'\rx"');
    expect(csvCell(-2)).toBe('-2');
    expect(csvCell(undefined)).toBe('');
    // E.164 as the product stores phones: a plus and digits compute nothing.
    expect(csvCell('+573125553344')).toBe('+573125553344');
    expect(csvCell('+57')).toBe("'+57");
    expect(csvCell('+573125553344+1')).toBe("'+573125553344+1");
    expect(csvCell('+1+1')).toBe("'+1+1");
  });

  it('writes a number with decimals with the es-CO decimal comma, so Excel in es-CO reads a number', () => {
    expect(csvCell(0.25)).toBe('0,25');
    expect(csvCell(-4.5)).toBe('-4,5');
    expect(csvCell(1234567)).toBe('1234567');
  });

  it("joins a line with ';' and ends it with CRLF", () => {
    expect(csvLine([1, 'a,b', null, '=x', 0.5])).toBe(`1;a,b;;'=x;0,5\r\n`);
  });
});

describe('csvStream', () => {
  it("writes the BOM, the header and every row of every page, separated by ';'", async () => {
    async function* pages() {
      yield [{ n: 'Ana', v: '12,50' }];
      yield [];
      yield [
        { n: '=1+1', v: '3' },
        { n: 'Luis; hijo', v: '4' },
      ];
    }
    const body = await text(csvStream(['Nombre', 'Valor'], eachRow(pages()), (r) => [r.n, r.v]));
    expect(body).toBe('\uFEFFNombre;Valor\r\nAna;12,50\r\n\'=1+1;3\r\n"Luis; hijo";4\r\n');
  });

  it('stays in chunks of about 64 KiB for a large export', async () => {
    async function* rows() {
      for (let i = 0; i < 20_000; i++) yield i;
    }
    const chunks: number[] = [];
    for await (const c of csvStream(['N'], rows(), (i) => [i, 'x'.repeat(10)])) chunks.push(String(c).length);
    expect(chunks.length).toBeGreaterThan(2);
    expect(Math.max(...chunks)).toBeLessThan(65_536 + 100);
  });
});

describe('es-CO cells and headers', () => {
  it('formats numbers and dates as Colombia writes them', () => {
    expect(esNumber(1234567)).toBe('1.234.567');
    expect(esNumber(12.5, 2)).toBe('12,50');
    expect(esNumber(null)).toBe('');
    const at = new Date('2026-03-10T17:04:05Z');
    expect(esDateTime(at, 'America/Bogota')).toBe('10/03/2026 12:04');
    expect(esDateTime(at, 'America/Bogota', true)).toBe('10/03/2026 12:04:05');
  });

  it('names the download, with the RFC 5987 form only for a name that needs it', () => {
    expect(attachment('auditoria-2026-03-10.csv')).toBe('attachment; filename="auditoria-2026-03-10.csv"');
    expect(attachment('facturación.csv')).toBe(
      `attachment; filename="facturaci_n.csv"; filename*=UTF-8''facturaci%C3%B3n.csv`,
    );
    expect(csvHeaders('a.csv')).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="a.csv"',
      'cache-control': 'no-store',
    });
  });
});
