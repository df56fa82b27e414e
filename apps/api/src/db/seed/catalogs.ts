import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  BLOOD_GROUPS,
  DISABILITY_TYPES,
  DOCUMENT_TYPES,
  EDUCATION_LEVELS,
  MARITAL_STATUSES,
  POPULATION_GROUPS,
} from '@ips/shared/catalogs/lookups';
import type { Executor } from '../client';
import {
  bloodGroups,
  disabilityTypes,
  documentTypes,
  educationLevels,
  eps,
  maritalStatuses,
  municipalities,
  populationGroups,
  zones,
} from '../schema/catalogs';
import { requireUp } from '../../lib/paths';
import { EPS_CATALOG } from './eps-catalog';
import { titleCase } from './title-case';
import { DEMO_ZONES } from './zones-demo';

/** One CSV line with RFC 4180 quoting ('11001,"BOGOTÁ, D.C.",BOGOTÁ D.C.'). */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (c === ',' && !quoted) {
      out.push(field);
      field = '';
    } else {
      field += c;
    }
  }
  out.push(field);
  return out;
}

export function readDivipola(): { code: string; name: string; department: string }[] {
  const text = readFileSync(requireUp('src/db/seed/data/divipola-municipios.csv'), 'utf8');
  const [header, ...lines] = text.split(/\r?\n/).filter((l) => l.trim());
  if (header !== 'codigo_divipola,municipio,departamento') throw new Error('divipola: cabecera inesperada');
  return lines.map((line) => {
    const [code, name, department] = splitCsvLine(line);
    if (!code || !/^\d{5}$/.test(code) || !name || !department)
      throw new Error(`divipola: línea inválida: ${line}`);
    return { code, name: titleCase(name), department: titleCase(department) };
  });
}

/**
 * Lookups with their contract ids, municipalities and EPS. Idempotent: existing rows are left as an
 * administrator may have edited them.
 */
export async function seedCatalogs(db: Executor, opts: { demoZones: boolean }): Promise<void> {
  await db
    .insert(documentTypes)
    .values([...DOCUMENT_TYPES])
    .onConflictDoNothing();
  for (const [table, rows] of [
    [bloodGroups, BLOOD_GROUPS],
    [disabilityTypes, DISABILITY_TYPES],
    [educationLevels, EDUCATION_LEVELS],
    [maritalStatuses, MARITAL_STATUSES],
    [populationGroups, POPULATION_GROUPS],
  ] as const) {
    await db
      .insert(table)
      .values([...rows])
      .onConflictDoNothing();
  }

  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(municipalities)) as [
    { n: number },
  ];
  if (n === 0) {
    const rows = readDivipola();
    for (let i = 0; i < rows.length; i += 500) {
      await db
        .insert(municipalities)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing();
    }
  }

  await db
    .insert(eps)
    .values(
      EPS_CATALOG.map((e) => ({
        name: e.name,
        code: e.code,
        affiliationType: e.affiliation_type,
        status: 'active',
      })),
    )
    .onConflictDoNothing();

  if (opts.demoZones) {
    const [{ z }] = (await db.select({ z: sql<number>`count(*)::int` }).from(zones)) as [{ z: number }];
    if (z > 0) return;
    for (const zone of DEMO_ZONES) {
      const [row] = await db
        .insert(zones)
        .values({ name: zone.name, description: zone.description })
        .returning({ id: zones.id });
      await db
        .update(municipalities)
        .set({ zoneId: row!.id })
        .where(
          sql`${municipalities.code} in (${sql.join(
            zone.codes.map((c) => sql`${c}`),
            sql`, `,
          )})`,
        );
    }
  }
}
