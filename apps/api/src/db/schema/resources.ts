import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { eps, municipalities } from './catalogs';
import { users } from './users';

/*
 * Master data of spec part 2 §3 (resource management). Constraint and foreign-key names are fixed here
 * because the modules register friendly Spanish messages for them (plugins/errors.ts).
 *
 * Link rows that only describe their parent (a doctor's locations, a location's specialties) cascade with
 * the parent; links that would silently lose meaning (a specialty still assigned) restrict, so the
 * database refuses what the service's friendly check might miss under concurrency.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const specialties = pgTable(
  'specialties',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    defaultDurationMinutes: integer('default_duration_minutes').notNull().default(30),
    active: boolean('active').notNull().default(true),
    /** The service billed for an appointment that names none (migration 0023, decision 031). */
    defaultServiceId: integer('default_service_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('specialties_name_key').on(sql`lower(${t.name})`),
    check('specialties_duration_check', sql`${t.defaultDurationMinutes} between 10 and 480`),
  ],
);

export const locationTypes = pgTable(
  'location_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('location_types_name_key').on(sql`lower(${t.name})`),
    check('location_types_status_check', sql`${t.status} in ('active','inactive')`),
  ],
);

/**
 * A site of the provider (sede). Its type is a foreign key to location_types; the API also answers the
 * type's name as `type` (the field the screens read) and accepts a type name on input.
 */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    locationTypeId: integer('location_type_id'),
    address: text('address'),
    phone: text('phone'),
    hours: text('hours'),
    emergencyHours: text('emergency_hours'),
    capacity: integer('capacity'),
    status: text('status').notNull().default('Activa'),
    municipalityId: integer('municipality_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('locations_name_key').on(sql`lower(${t.name})`),
    index('locations_type_idx').on(t.locationTypeId),
    index('locations_municipality_idx').on(t.municipalityId),
    check('locations_status_check', sql`${t.status} in ('Activa','Inactiva')`),
    check('locations_capacity_check', sql`${t.capacity} is null or ${t.capacity} >= 0`),
    foreignKey({
      name: 'locations_location_type_fk',
      columns: [t.locationTypeId],
      foreignColumns: [locationTypes.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'locations_municipality_fk',
      columns: [t.municipalityId],
      foreignColumns: [municipalities.id],
    }).onDelete('restrict'),
  ],
);

export const doctors = pgTable(
  'doctors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    licenseNumber: text('license_number').notNull(),
    active: boolean('active').notNull().default(true),
    /** The doctor's own sign-in account, when the doctor uses the product (one account per doctor). */
    userId: integer('user_id'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('doctors_license_key').on(sql`lower(${t.licenseNumber})`),
    uniqueIndex('doctors_user_key').on(t.userId),
    foreignKey({ name: 'doctors_user_fk', columns: [t.userId], foreignColumns: [users.id] }).onDelete(
      'set null',
    ),
  ],
);

export const doctorSpecialties = pgTable(
  'doctor_specialties',
  {
    doctorId: integer('doctor_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'doctor_specialties_pkey', columns: [t.doctorId, t.specialtyId] }),
    index('doctor_specialties_specialty_idx').on(t.specialtyId),
    foreignKey({
      name: 'doctor_specialties_doctor_fk',
      columns: [t.doctorId],
      foreignColumns: [doctors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'doctor_specialties_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('restrict'),
  ],
);

export const doctorLocations = pgTable(
  'doctor_locations',
  {
    doctorId: integer('doctor_id').notNull(),
    locationId: integer('location_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'doctor_locations_pkey', columns: [t.doctorId, t.locationId] }),
    index('doctor_locations_location_idx').on(t.locationId),
    foreignKey({
      name: 'doctor_locations_doctor_fk',
      columns: [t.doctorId],
      foreignColumns: [doctors.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'doctor_locations_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('cascade'),
  ],
);

export const locationSpecialties = pgTable(
  'location_specialties',
  {
    locationId: integer('location_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'location_specialties_pkey', columns: [t.locationId, t.specialtyId] }),
    index('location_specialties_specialty_idx').on(t.specialtyId),
    foreignKey({
      name: 'location_specialties_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'location_specialties_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('restrict'),
  ],
);

/** Procedure codes (CUPS, Ministerio de Salud). The code is 6 characters and never changes once created. */
export const cups = pgTable(
  'cups',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    category: text('category'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    requiresAuthorization: boolean('requires_authorization').notNull().default(false),
    status: text('status').notNull().default('Activo'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('cups_code_key').on(t.code),
    index('cups_category_idx').on(t.category),
    check('cups_code_check', sql`${t.code} ~ '^[0-9A-Z]{6}$'`),
    check('cups_price_check', sql`${t.price} >= 0`),
    check('cups_status_check', sql`${t.status} in ('Activo','Inactivo')`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    basePrice: numeric('base_price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('COP'),
    category: text('category').notNull().default('consulta'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('services_price_check', sql`${t.basePrice} >= 0`),
    check('services_currency_check', sql`${t.currency} in ('COP','USD')`),
    check(
      'services_category_check',
      sql`${t.category} in ('consulta','laboratorio','imagen','procedimiento','otro')`,
    ),
  ],
);

/** Which EPS may send patients to which specialty at which location, and since when. */
export const epsAuthorizations = pgTable(
  'eps_authorizations',
  {
    id: serial('id').primaryKey(),
    epsId: integer('eps_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
    locationId: integer('location_id').notNull(),
    authorized: boolean('authorized').notNull().default(true),
    authorizationDate: date('authorization_date', { mode: 'string' }),
    expirationDate: date('expiration_date', { mode: 'string' }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('eps_authorizations_key').on(t.epsId, t.specialtyId, t.locationId),
    index('eps_authorizations_location_idx').on(t.locationId),
    index('eps_authorizations_specialty_idx').on(t.specialtyId),
    check(
      'eps_authorizations_dates_check',
      sql`${t.expirationDate} is null or ${t.authorizationDate} is null or ${t.expirationDate} >= ${t.authorizationDate}`,
    ),
    foreignKey({ name: 'eps_authorizations_eps_fk', columns: [t.epsId], foreignColumns: [eps.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'eps_authorizations_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'eps_authorizations_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('cascade'),
  ],
);
