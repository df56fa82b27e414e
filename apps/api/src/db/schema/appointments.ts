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
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { availabilities } from './agendas';
import { patients } from './patients';
import { doctors, locations, specialties } from './resources';
import { users } from './users';

/*
 * Appointments (spec part 1 §3 "Appointment"). `scheduled_at` is an instant (timestamptz); the API reads and
 * writes it as 'YYYY-MM-DD HH:mm:ss' in the organisation's timezone. `ends_at` is stored rather than computed
 * because `timestamptz + interval` is not immutable and so cannot back the exclusion constraints (doctor,
 * patient, room) of the custom migration 0005_agendas_constraints.
 */

export const APPOINTMENT_STATUSES = ['Pendiente', 'Confirmada', 'Completada', 'Cancelada'] as const;

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').notNull(),
    /** Null for an appointment outside any agenda; set null if the agenda is deleted (history stays). */
    availabilityId: integer('availability_id'),
    locationId: integer('location_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
    doctorId: integer('doctor_id').notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    roomId: integer('room_id'),
    appointmentType: text('appointment_type').notNull().default('Presencial'),
    status: text('status').notNull().default('Pendiente'),
    reason: text('reason'),
    notes: text('notes'),
    insuranceType: text('insurance_type'),
    cancellationReason: text('cancellation_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    manual: boolean('manual').notNull().default(false),
    /** The service it is for, chosen at booking or at attendance; billed when Completada (decision 031). */
    serviceId: integer('service_id'),
    /** A client's retry of the same booking finds the first one instead of creating a second. */
    idempotencyKey: text('idempotency_key'),
    createdBy: integer('created_by'),
    /** The date the patient wanted (Res. 256 "fecha deseada"), optional; created_at is the request (decision 032). */
    desiredDate: date('desired_date', { mode: 'string' }),
    /** A correction: first-time visit (true) or control (false); null = the default rule, read in analytics. */
    firstVisit: boolean('first_visit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointments_idempotency_key').on(t.idempotencyKey),
    index('appointments_availability_idx').on(t.availabilityId),
    index('appointments_patient_idx').on(t.patientId, t.scheduledAt),
    index('appointments_doctor_time_idx').on(t.doctorId, t.scheduledAt),
    /*
     * The status beside the time: a period's counts by status (the Panel's) and the calendar summary read the
     * index alone; a time range alone reads it as it read (scheduled_at), which it replaces. No write costs more:
     * a status change already writes every index (status is in the exclusion constraints' predicates: no HOT).
     */
    index('appointments_scheduled_status_idx').on(t.scheduledAt, t.status),
    check('appointments_time_check', sql`${t.endsAt} > ${t.scheduledAt}`),
    check('appointments_duration_check', sql`${t.durationMinutes} between 5 and 480`),
    check(
      'appointments_status_check',
      sql`${t.status} in ('Pendiente','Confirmada','Completada','Cancelada')`,
    ),
    foreignKey({
      name: 'appointments_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'appointments_availability_fk',
      columns: [t.availabilityId],
      foreignColumns: [availabilities.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'appointments_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'appointments_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'appointments_doctor_fk',
      columns: [t.doctorId],
      foreignColumns: [doctors.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'appointments_created_by_fk',
      columns: [t.createdBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);

/**
 * The message an agenda cancellation leaves for each affected patient, waiting to be sent. It lives here
 * rather than in a notifications table because sending (channels, retries, preferences) belongs to the
 * notifications feature, which can read the 'pendiente' rows when it exists.
 */
export const agendaPatientNotices = pgTable(
  'agenda_patient_notices',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').notNull(),
    patientId: integer('patient_id').notNull(),
    message: text('message').notNull(),
    channel: text('channel').notNull().default('sistema'),
    status: text('status').notNull().default('pendiente'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_patient_notices_status_idx').on(t.status, t.createdAt),
    index('agenda_patient_notices_patient_idx').on(t.patientId),
    index('agenda_patient_notices_appointment_idx').on(t.appointmentId),
    check(
      'agenda_patient_notices_channel_check',
      sql`${t.channel} in ('sistema','email','sms','whatsapp','llamada')`,
    ),
    check('agenda_patient_notices_status_check', sql`${t.status} in ('pendiente','enviada','fallida')`),
    foreignKey({
      name: 'agenda_patient_notices_appointment_fk',
      columns: [t.appointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'agenda_patient_notices_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('cascade'),
  ],
);
