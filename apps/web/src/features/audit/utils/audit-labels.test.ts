import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_TABLE_LABELS } from '@ips/shared/schemas/audit';
import { CALL_ACTION_FROM } from '@ips/shared/schemas/calls';
import { SETTING_KEYS } from '@ips/shared/schemas/settings';
import { SETTING_LABELS } from '@ips/shared/schemas/settings-labels';

/*
 * Every action and table the API can write to audit_log has a Spanish label (this viewer and the CSV would show the
 * raw English word otherwise). The API's writers are found in its sources: each file that calls writeAudit(s),
 * the `action:`/`auditAction:`/`const action =` and `table:` expressions in it (every quoted word they can take),
 * the SQL functions' INSERT INTO audit_log, and the call actions, which are written under their own names.
 */
const api = join(import.meta.dirname, '../../../../../api');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return files(p, ext);
    return p.endsWith(ext) && !p.endsWith(`.test${ext}`) ? [p] : [];
  });
}

/** The quoted words an expression can yield: `a === 'x' ? 'y' : 'z'` gives y and z, not the compared x. */
const quoted = (expr: string) =>
  [...expr.replace(/[!=]==\s*'[^']*'/g, '').matchAll(/'([a-z][a-z_-]*)'/g)].map((m) => m[1]!);

function written() {
  const actions = new Set<string>(Object.keys(CALL_ACTION_FROM));
  const tables = new Set<string>();
  for (const f of files(join(api, 'src'), '.ts')) {
    const src = readFileSync(f, 'utf8');
    if (!/writeAudits?\(/.test(src) || f.endsWith('lib/audit.ts')) continue;
    for (const m of src.matchAll(/\b(?:action|auditAction)\s*[:=]\s*([^,;\n}]+(?:\n\s*[?:][^,;\n}]+)*)/g))
      quoted(m[1]!).forEach((a) => actions.add(a));
    for (const m of src.matchAll(/\btable:\s*'([a-z_]+)'/g)) tables.add(m[1]!);
    for (const m of src.matchAll(/\bconst TABLE\s*=\s*'([a-z_]+)'/g)) tables.add(m[1]!);
  }
  for (const f of files(join(api, 'drizzle'), '.sql')) {
    const sql = readFileSync(f, 'utf8');
    for (const m of sql.matchAll(
      /INSERT INTO audit_log\s*\([^)]*\)\s*VALUES\s*\('([a-z_]+)',[^,]+,\s*'([a-z_-]+)'/gi,
    )) {
      tables.add(m[1]!);
      actions.add(m[2]!);
    }
  }
  return { actions, tables };
}

describe('audit labels', () => {
  const { actions, tables } = written();

  it('finds the writers (the scan itself works)', () => {
    for (const a of [
      'create',
      'delete',
      'attend',
      'hold',
      'reactivate',
      'slot-assigned',
      'confirm',
      'accept',
    ])
      expect(actions).toContain(a);
    for (const t of ['appointments', 'calls', 'settings', 'patient_documents']) expect(tables).toContain(t);
  });

  it('every action the API writes has a Spanish label', () => {
    expect([...actions].filter((a) => !(a in AUDIT_ACTION_LABELS))).toEqual([]);
  });

  it('every table the API writes has a Spanish label', () => {
    expect([...tables].filter((t) => !(t in AUDIT_TABLE_LABELS))).toEqual([]);
  });

  it('every setting key (the record of a settings change) has a Spanish label', () => {
    expect(SETTING_KEYS.filter((k) => !SETTING_LABELS[k]?.trim())).toEqual([]);
    expect(new Set(Object.values(SETTING_LABELS)).size).toBe(SETTING_KEYS.length);
  });
});
