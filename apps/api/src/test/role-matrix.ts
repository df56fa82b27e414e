import { readFileSync } from 'node:fs';
import { OWN_SCOPE_ROLES, ROLES, type Role } from '@ips/shared/catalogs/roles';
import type { Policy } from '../lib/context';

/*
 * Reads docs/role-matrix.md, the one written role matrix (decision 020): its table (route group × role) and its
 * `rutas` block (every route under its group). The authorization matrix test compares it with what the routes
 * declare, so the document cannot drift from the code.
 */
export const MATRIX_FILE = new URL('../../../../docs/role-matrix.md', import.meta.url);

export interface RoleMatrix {
  /** Group → who may call it: 'public', or the roles allowed (✔ or "propias"). */
  groups: Map<string, { policy: 'public' | Set<Role>; own: Set<Role> }>;
  /** 'METHOD /api/url' → group. */
  routes: Map<string, string>;
  /** Problems of the document itself (unknown cells, unknown groups, a route listed twice). */
  problems: string[];
}

export function parseRoleMatrix(text = readFileSync(MATRIX_FILE, 'utf8')): RoleMatrix {
  const problems: string[] = [];
  const groups: RoleMatrix['groups'] = new Map();
  const lines = text.split('\n');
  const header = lines.find((l) => l.startsWith('| Grupo de rutas'));
  if (!header) return { groups, routes: new Map(), problems: ['falta la tabla "| Grupo de rutas | …"'] };
  const cells = (l: string) =>
    l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
  // Each role column is named by its key in parentheses: "Doctor (doctor)".
  const columns = cells(header).map((c) => /\((\w+)\)$/.exec(c)?.[1] as Role | undefined);
  for (const role of ROLES)
    if (!columns.includes(role)) problems.push(`la tabla no tiene columna para el rol ${role}`);
  for (const line of lines.slice(lines.indexOf(header) + 2)) {
    if (!line.startsWith('|')) break;
    const row = cells(line);
    const name = row[0]!;
    const allowed = new Set<Role>();
    const own = new Set<Role>();
    let publicCells = 0;
    columns.forEach((role, i) => {
      if (!role) return;
      const cell = row[i] ?? '';
      if (cell === '✔') allowed.add(role);
      else if (cell === 'propias') {
        allowed.add(role);
        own.add(role);
        if (!OWN_SCOPE_ROLES.includes(role))
          problems.push(`${name}: "propias" para ${role}, que no es un rol de alcance propio`);
      } else if (cell === 'público') publicCells++;
      else if (cell !== '—') problems.push(`${name}: celda desconocida "${cell}" para ${role}`);
    });
    if (publicCells && publicCells !== ROLES.length)
      problems.push(`${name}: "público" en solo algunas columnas`);
    groups.set(name, { policy: publicCells ? 'public' : allowed, own });
  }

  const routes = new Map<string, string>();
  const start = lines.findIndex((l) => l.trim() === '```rutas');
  if (start < 0) problems.push('falta el bloque ```rutas');
  let group: string | null = null;
  for (const raw of start < 0 ? [] : lines.slice(start + 1)) {
    const line = raw.trim();
    if (line === '```') break;
    if (!line) continue;
    const g = /^\[(.+)\]$/.exec(line);
    if (g) {
      group = g[1]!;
      if (!groups.has(group)) problems.push(`grupo "${group}" del bloque de rutas no está en la tabla`);
      continue;
    }
    if (!group) problems.push(`ruta sin grupo en el bloque: ${line}`);
    else if (routes.has(line)) problems.push(`ruta repetida en el bloque: ${line}`);
    else routes.set(line, group);
  }
  return { groups, routes, problems };
}

/** Whether a declared policy says exactly what the group's row says. */
export function samePolicy(declared: Policy, row: 'public' | Set<Role>): boolean {
  if (declared === 'public' || row === 'public') return declared === row;
  const roles = declared === 'authenticated' ? new Set<Role>(ROLES) : new Set(declared);
  return roles.size === row.size && [...roles].every((r) => row.has(r));
}

export const describeRow = (row: 'public' | Set<Role>) =>
  row === 'public' ? 'público' : ROLES.filter((r) => row.has(r)).join(', ') || 'nadie';
