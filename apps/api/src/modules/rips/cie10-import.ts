import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError } from '@ips/shared/errors';
import { RIPS_MESSAGES, type Cie10ImportLine } from '@ips/shared/schemas/rips';
import type { CsvRow } from '../../lib/csv-import/csv';

/*
 * Plans a CIE-10 import (code,name) like the CUPS one: per line create, update, unchanged or reject with the
 * reason. Pure, so preview and apply give the same answer. `J06.9` is read as `J069`.
 */
const fold = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
const HEADERS: Record<string, 'code' | 'name'> = {
  code: 'code',
  codigo: 'code',
  name: 'name',
  nombre: 'name',
  descripcion: 'name',
};

export type Cie10Existing = {
  id: number;
  code: string;
  name: string;
};
export type Cie10Write =
  { kind: 'create'; code: string; name: string } | { kind: 'update'; before: Cie10Existing; name: string };

function readHeader(header: CsvRow | undefined) {
  if (!header) throw new AppError('VALIDATION', 'El archivo no tiene cabecera; se espera: code,name');
  const index = new Map<'code' | 'name', number>();
  header.fields.forEach((raw, i) => {
    const col = HEADERS[fold(raw)];
    if (!col)
      throw new AppError(
        'VALIDATION',
        `Columna desconocida en la cabecera: "${raw.trim()}". Columnas admitidas: code,name`,
      );
    if (index.has(col)) throw new AppError('VALIDATION', `Columna repetida en la cabecera: ${col}`);
    index.set(col, i);
  });
  if (!index.has('code') || !index.has('name'))
    throw new AppError('VALIDATION', 'La cabecera debe tener las columnas code y name');
  return index as Map<'code' | 'name', number>;
}

export const normaliseCie10 = (raw: string) => raw.trim().toUpperCase().replace('.', '');
const CODE = /^[A-Z][0-9]{2}[0-9A-Z]?$/;

export function importCodes(rows: CsvRow[]): string[] {
  const [header, ...records] = rows;
  const i = readHeader(header).get('code')!;
  return [...new Set(records.map((r) => normaliseCie10(r.fields[i] ?? '')).filter(Boolean))];
}

export async function planCie10Import(rows: CsvRow[], existing: ReadonlyMap<string, Cie10Existing>) {
  const [header, ...records] = rows;
  const index = readHeader(header);
  const lines: Cie10ImportLine[] = [];
  const writes: Cie10Write[] = [];
  const seen = new Map<string, number>();
  let n = 0;
  for (const { line, fields } of records) {
    if (++n % 250 === 0) await nextTurn();
    const code = normaliseCie10(fields[index.get('code')!] ?? '');
    const name = (fields[index.get('name')!] ?? '').trim().replace(/\s+/g, ' ');
    const reasons: string[] = [];
    if (fields.length !== index.size)
      reasons.push(`Se esperaban ${index.size} columnas y la línea tiene ${fields.length}`);
    if (!CODE.test(code)) reasons.push(RIPS_MESSAGES.cie10Code);
    if (!name) reasons.push('El nombre del diagnóstico es obligatorio');
    else if (name.length > 500) reasons.push('El nombre no puede exceder 500 caracteres');
    if (CODE.test(code)) {
      const previous = seen.get(code);
      if (previous !== undefined) reasons.push(`Código repetido: ya aparece en la línea ${previous}`);
      else seen.set(code, line);
    }
    if (reasons.length) {
      lines.push({
        line,
        code: code || null,
        name: name || null,
        action: 'reject',
        reason: reasons.join('. '),
      });
      continue;
    }
    const before = existing.get(code);
    if (!before) {
      writes.push({ kind: 'create', code, name });
      lines.push({ line, code, name, action: 'create' });
    } else if (before.name !== name) {
      writes.push({ kind: 'update', before, name });
      lines.push({ line, code, name, action: 'update' });
    } else lines.push({ line, code, name, action: 'unchanged' });
  }
  return { lines, writes };
}
