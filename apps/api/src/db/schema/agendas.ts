import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { doctors, locations, specialties } from './resources';
import { users } from './users';

/*
 * Doctor agendas (spec part 1 §3 "Availability") and their day-by-day quota distribution (part 2 §3).
 * Dates and times are the clinic's wall clock: an agenda on 2026-12-01 08:00–12:00 is that in the
 * organisation's timezone, whatever the server's. The overlap rule (one doctor, two non-cancelled agendas
 * at the same time) is an exclusion constraint in the custom migration 0005_agendas_constraints, because
 * drizzle-kit cannot express EXCLUDE.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const AGENDA_STATUSES = ['Activa', 'Completa', 'Cancelada'] as const;

export const availabilities = pgTable(
  'availabilities',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    capacity: integer('capacity').notNull().default(1),
    /** Always the number of Confirmada appointments; moved only by takeSlot/releaseSlot and the syncs. */
    bookedSlots: integer('booked_slots').notNull().default(0),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    status: text('status').notNull().default('Activa'),
    notes: text('notes'),
    autoPreallocate: boolean('auto_preallocate').notNull().default(false),
    preallocationPublishDate: date('preallocation_publish_date', { mode: 'string' }),
    autoDistribute: boolean('auto_distribute').notNull().default(false),
    distributionStartDate: date('distribution_start_date', { mode: 'string' }),
    distributionEndDate: date('distribution_end_date', { mode: 'string' }),
    excludeWeekends: boolean('exclude_weekends').notNull().default(true),
    createdBy: integer('created_by'),
    /** The agenda template that generated it (migration 0026: FK to agenda_templates, set null on delete). */
    templateId: integer('template_id'),
    ...timestamps,
  },
  (t) => [
    index('availabilities_date_idx').on(t.date, t.startTime),
    index('availabilities_doctor_date_idx').on(t.doctorId, t.date),
    index('availabilities_specialty_date_idx').on(t.specialtyId, t.date),
    index('availabilities_location_date_idx').on(t.locationId, t.date),
    index('availabilities_status_date_idx').on(t.status, t.date),
    check('availabilities_time_check', sql`${t.startTime} < ${t.endTime}`),
    check('availabilities_capacity_check', sql`${t.capacity} >= 1`),
    check('availabilities_booked_check', sql`${t.bookedSlots} >= 0 and ${t.bookedSlots} <= ${t.capacity}`),
    check(
      'availabilities_duration_check',
      sql`${t.durationMinutes} between 15 and 240 and ${t.durationMinutes} % 5 = 0`,
    ),
    check('availabilities_status_check', sql`${t.status} in ('Activa','Completa','Cancelada')`),
    check(
      'availabilities_distribution_check',
      sql`not ${t.autoDistribute} or (${t.distributionStartDate} is not null and ${t.distributionEndDate} is not null and ${t.distributionEndDate} >= ${t.distributionStartDate})`,
    ),
    foreignKey({
      name: 'availabilities_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'availabilities_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'availabilities_doctor_fk',
      columns: [t.doctorId],
      foreignColumns: [doctors.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'availabilities_created_by_fk',
      columns: [t.createdBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);

/** One row per day of an auto-distributed agenda: how many of its slots are offered that day. */
export const availabilityDistributions = pgTable(
  'availability_distributions',
  {
    id: serial('id').primaryKey(),
    availabilityId: integer('availability_id').notNull(),
    dayDate: date('day_date', { mode: 'string' }).notNull(),
    quota: integer('quota').notNull(),
    assigned: integer('assigned').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('availability_distributions_day_key').on(t.availabilityId, t.dayDate),
    index('availability_distributions_day_idx').on(t.dayDate),
    check('availability_distributions_quota_check', sql`${t.quota} >= 0`),
    check(
      'availability_distributions_assigned_check',
      sql`${t.assigned} >= 0 and ${t.assigned} <= ${t.quota}`,
    ),
    foreignKey({
      name: 'availability_distributions_availability_fk',
      columns: [t.availabilityId],
      foreignColumns: [availabilities.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What the expired-agenda cancellation did, one row per agenda (spec part 1 §4 "Auto-cancel"). The agenda's
 * description is copied so that the log still reads well after the agenda is deleted.
 */
export const agendaAutoCancelLog = pgTable(
  'agenda_auto_cancel_log',
  {
    id: serial('id').primaryKey(),
    availabilityId: integer('availability_id'),
    agendaDate: date('agenda_date', { mode: 'string' }).notNull(),
    doctorName: text('doctor_name').notNull(),
    specialtyName: text('specialty_name').notNull(),
    locationName: text('location_name').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    appointmentsCancelled: integer('appointments_cancelled').notNull().default(0),
    /** 'manual' (a user pressed "Cancelar ahora") or 'automatic' (the server's hourly run). */
    trigger: text('trigger').notNull(),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_auto_cancel_log_created_idx').on(t.createdAt, t.id),
    check('agenda_auto_cancel_log_trigger_check', sql`${t.trigger} in ('manual','automatic')`),
    foreignKey({
      name: 'agenda_auto_cancel_log_availability_fk',
      columns: [t.availabilityId],
      foreignColumns: [availabilities.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'agenda_auto_cancel_log_user_fk',
      columns: [t.userId],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);
