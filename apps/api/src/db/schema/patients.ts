import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
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
} from './catalogs';
import { users } from './users';

/*
 * Search and sort expressions. The repo uses exactly these, so the planner matches them to the expression
 * indexes below; change one only together with its index.
 */
/** Lower case without accents: 'María José' → 'maria jose'. */
export const nameSearchExpr = (name: AnyPgColumn): SQL => sql`immutable_unaccent(lower(${name}))`;
/** The digits of both phones, apart: '300 123 4567' is found by '3001234567', never across the two numbers. */
export const phoneSearchExpr = (phone: AnyPgColumn, phoneAlt: AnyPgColumn): SQL =>
  sql`(regexp_replace(coalesce(${phone}, ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(${phoneAlt}, ''), '[^0-9]', '', 'g'))`;
/** Alphabetical order that ignores case and accents and is the same on every server (byte order of the folded name). */
export const nameSortExpr = (name: AnyPgColumn): SQL => sql`(immutable_unaccent(lower(${name})) collate "C")`;
export const emailSearchExpr = (email: AnyPgColumn): SQL => sql`lower(${email})`;

/**
 * Patients (spec part 1 §3 "Patient"). Lookups are foreign keys with ON DELETE RESTRICT: a catalogue entry in
 * use cannot disappear under a patient.
 *
 * Every table that belongs to a patient (pregnancies today; appointments, documents, call logs and queue
 * entries later) references patients(id) ON DELETE CASCADE, so the permanent deletion of spec §2 "Gestionar
 * Paciente" is a single DELETE in one transaction and a new table joins it by declaring the same FK.
 */
export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    document: text('document').notNull(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .default(1)
      .references(() => documentTypes.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    /**
     * The name folded for search and sort (nameSearchExpr), stored with COLLATE "C" (set in migration 0004;
     * drizzle has no column collation). A plain column lets the sort and search indexes answer from the index
     * alone (an expression index never gives an index-only scan) and spares unaccent() on every row checked.
     */
    nameSort: text('name_sort').generatedAlwaysAs(sql`immutable_unaccent(lower(name))`),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender'),
    status: text('status').notNull().default('Activo'),
    phone: text('phone'),
    phoneAlt: text('phone_alt'),
    email: text('email'),
    address: text('address'),
    municipalityId: integer('municipality_id').references(() => municipalities.id, { onDelete: 'restrict' }),
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'restrict' }),
    bloodGroupId: integer('blood_group_id').references(() => bloodGroups.id, { onDelete: 'restrict' }),
    hasDisability: boolean('has_disability').notNull().default(false),
    disabilityTypeId: integer('disability_type_id').references(() => disabilityTypes.id, {
      onDelete: 'restrict',
    }),
    notes: text('notes'),
    insuranceEpsId: integer('insurance_eps_id').references(() => eps.id, { onDelete: 'restrict' }),
    insuranceAffiliationType: text('insurance_affiliation_type'),
    educationLevelId: integer('education_level_id').references(() => educationLevels.id, {
      onDelete: 'restrict',
    }),
    maritalStatusId: integer('marital_status_id').references(() => maritalStatuses.id, {
      onDelete: 'restrict',
    }),
    populationGroupId: integer('population_group_id').references(() => populationGroups.id, {
      onDelete: 'restrict',
    }),
    estrato: smallint('estrato'),
    allergies: text('allergies'),
    medicalConditions: text('medical_conditions'),
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One person per document within a document type (a TI and a CC may share digits).
    uniqueIndex('patients_document_key').on(t.documentTypeId, t.document),
    // Sorted pages, read from the index alone: the tabs filter by status, the old client lists everyone. A prefix
    // of the first word is a range of the same index. Both INCLUDE (email) in migration 0004 (not expressible here).
    index('patients_status_name_sort_idx').on(t.status, t.nameSort, t.id),
    index('patients_name_sort_idx').on(t.nameSort, t.id),
    index('patients_document_prefix_idx').on(t.document.op('text_pattern_ops')),
    index('patients_name_sort_trgm_idx').using('gin', sql`${t.nameSort} gin_trgm_ops`),
    // The name without its first letter: a word found further in than the start (see searchHalves).
    index('patients_name_rest_trgm_idx').using('gin', sql`substr(${t.nameSort}, 2) gin_trgm_ops`),
    index('patients_phone_trgm_idx').using('gin', sql`${phoneSearchExpr(t.phone, t.phoneAlt)} gin_trgm_ops`),
    index('patients_email_trgm_idx').using('gin', sql`${emailSearchExpr(t.email)} gin_trgm_ops`),
    index('patients_created_at_idx').on(t.createdAt),
    // The same search indexes over inactive patients only (5 % of rows, small): the Inactivos tab of a broad
    // search counts its matches without visiting the active ones (see countFor in repo-directory).
    ...inactiveSearchIndexes(t),
    // Filters; each also counts per status from the index alone and backs its foreign key.
    index('patients_gender_status_idx').on(t.gender, t.status),
    index('patients_eps_status_idx').on(t.insuranceEpsId, t.status),
    index('patients_municipality_status_idx').on(t.municipalityId, t.status),
    // With the id: the zone's patients from the index alone (Análisis filtered by zone, migration 0033).
    index('patients_zone_idx').on(t.zoneId, t.id),
    check('patients_document_check', sql`${t.document} ~ '^[0-9]{5,20}$'`),
    check('patients_status_check', sql`${t.status} in ('Activo','Inactivo')`),
    check('patients_gender_check', sql`${t.gender} in ('Masculino','Femenino','Otro')`),
    check(
      'patients_affiliation_check',
      sql`${t.insuranceAffiliationType} in ('Contributivo','Subsidiado','Vinculado','Particular','Otro')`,
    ),
    check('patients_estrato_check', sql`${t.estrato} between 1 and 6`),
  ],
);

function inactiveSearchIndexes(t: {
  nameSort: AnyPgColumn;
  document: ExtraConfigColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  phoneAlt: AnyPgColumn;
  status: AnyPgColumn;
}) {
  const inactive = sql`${t.status} = 'Inactivo'`;
  return [
    index('patients_inactive_name_trgm_idx')
      .using('gin', sql`${t.nameSort} gin_trgm_ops`)
      .where(inactive),
    index('patients_inactive_name_rest_trgm_idx')
      .using('gin', sql`substr(${t.nameSort}, 2) gin_trgm_ops`)
      .where(inactive),
    index('patients_inactive_phone_trgm_idx')
      .using('gin', sql`${phoneSearchExpr(t.phone, t.phoneAlt)} gin_trgm_ops`)
      .where(inactive),
    index('patients_inactive_email_trgm_idx')
      .using('gin', sql`${emailSearchExpr(t.email)} gin_trgm_ops`)
      .where(inactive),
    index('patients_inactive_document_prefix_idx').on(t.document.op('text_pattern_ops')).where(inactive),
  ];
}

/** Prenatal follow-up (spec part 1 §3 "Pregnancy"). FUM = start_date, FPP = expected_due_date. */
export const pregnancies = pgTable(
  'pregnancies',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expectedDueDate: date('expected_due_date', { mode: 'string' }).notNull(),
    highRisk: boolean('high_risk').notNull().default(false),
    riskFactors: text('risk_factors'),
    notes: text('notes'),
    status: text('status').notNull().default('Activa'),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pregnancies_patient_idx').on(t.patientId, t.startDate),
    // At most one open pregnancy per patient, also under concurrent requests.
    uniqueIndex('pregnancies_one_active_key')
      .on(t.patientId)
      .where(sql`${t.status} = 'Activa'`),
    check('pregnancies_status_check', sql`${t.status} in ('Activa','Completada','Interrumpida')`),
    // Naegele's rule, computed by the server; the constraint keeps imports honest too.
    check('pregnancies_due_date_check', sql`${t.expectedDueDate} = ${t.startDate} + 280`),
    check(
      'pregnancies_closed_check',
      sql`(${t.status} = 'Activa') = (${t.deliveryDate} is null) and (${t.deliveryDate} is null or ${t.deliveryDate} >= ${t.startDate})`,
    ),
  ],
);

/** Prenatal control visits of one pregnancy. */
export const prenatalControls = pgTable(
  'prenatal_controls',
  {
    id: serial('id').primaryKey(),
    pregnancyId: integer('pregnancy_id')
      .notNull()
      .references(() => pregnancies.id, { onDelete: 'cascade' }),
    controlDate: date('control_date', { mode: 'string' }).notNull(),
    gestationalWeeks: smallint('gestational_weeks').notNull(),
    weightKg: numeric('weight_kg', { precision: 5, scale: 2, mode: 'number' }),
    bloodPressure: text('blood_pressure'),
    fetalHeartRate: smallint('fetal_heart_rate'),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('prenatal_controls_pregnancy_idx').on(t.pregnancyId, t.controlDate),
    check('prenatal_controls_weeks_check', sql`${t.gestationalWeeks} between 0 and 45`),
    check('prenatal_controls_weight_check', sql`${t.weightKg} between 20 and 300`),
    check('prenatal_controls_bp_check', sql`${t.bloodPressure} ~ '^[0-9]{2,3}/[0-9]{2,3}$'`),
    check('prenatal_controls_fhr_check', sql`${t.fetalHeartRate} between 50 and 250`),
  ],
);

/**
 * Patients per combination of the directory's filters other than search (gender, EPS, municipality, zone,
 * document type) and status, kept exact by statement-level triggers on patients (migration 0005). The tab counts
 * of an unsearched directory add up a few thousand of these rows instead of counting up to 10⁶ patients. No
 * foreign keys: a row only counts, and a combination that has dropped to 0 is left in place (sums ignore it).
 */
export const patientCounts = pgTable(
  'patient_counts',
  {
    gender: text('gender'),
    insuranceEpsId: integer('insurance_eps_id'),
    municipalityId: integer('municipality_id'),
    zoneId: integer('zone_id'),
    documentTypeId: integer('document_type_id').notNull(),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('patient_counts_key')
      .on(t.status, t.documentTypeId, t.gender, t.insuranceEpsId, t.municipalityId, t.zoneId)
      .nullsNotDistinct(),
    // A filtered tab sums only its counters (the unique key leads with status, which every row shares).
    index('patient_counts_eps_idx').on(t.insuranceEpsId),
    index('patient_counts_municipality_idx').on(t.municipalityId),
    index('patient_counts_zone_idx').on(t.zoneId),
  ],
);
