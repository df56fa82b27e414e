import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Fixed lookups of spec part 1 §3: ids are part of the contract, so they are not serial. */
export const documentTypes = pgTable('document_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

const namedLookup = (name: string) =>
  pgTable(name, {
    id: integer('id').primaryKey(),
    name: text('name').notNull().unique(),
  });

export const bloodGroups = namedLookup('blood_groups');
export const disabilityTypes = namedLookup('disability_types');
export const educationLevels = namedLookup('education_levels');
export const maritalStatuses = namedLookup('marital_statuses');
export const populationGroups = namedLookup('population_groups');

/** The provider's own grouping of municipalities. */
export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('zones_name_key').on(sql`lower(${t.name})`)],
);

/** Colombian municipalities; the 5-digit DANE DIVIPOLA code is the stable key (RIPS uses it). */
export const municipalities = pgTable(
  'municipalities',
  {
    id: serial('id').primaryKey(),
    code: text('code'),
    name: text('name').notNull(),
    department: text('department'),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('municipalities_code_key').on(t.code),
    index('municipalities_zone_idx').on(t.zoneId),
    check('municipalities_code_check', sql`${t.code} ~ '^[0-9]{5}$'`),
  ],
);

/** Health insurers (EPS). Codes come from SISPRO and stay editable. */
export const eps = pgTable(
  'eps',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    affiliationType: text('affiliation_type'),
    status: text('status').notNull().default('active'),
    hasAgreement: boolean('has_agreement').notNull().default(false),
    agreementDate: date('agreement_date', { mode: 'string' }),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('eps_code_key').on(t.code),
    uniqueIndex('eps_name_key').on(sql`lower(${t.name})`),
    check('eps_status_check', sql`${t.status} in ('active','inactive')`),
  ],
);
