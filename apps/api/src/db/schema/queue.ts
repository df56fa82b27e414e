import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { availabilities } from './agendas';
import { appointments } from './appointments';
import { patients } from './patients';
import { cups, doctors, locations, specialties } from './resources';
import { users } from './users';

/*
 * The waiting queue (spec part 1 §3 "Waiting-list assignment", "Waiting-list export", "Queue item"; §4 queue
 * events). One row per patient waiting for a specialty. It is served by priority (Urgente, Alta, Normal,
 * Baja), then by arrival; `priority_rank` is that order as a number so one partial index serves "next for a
 * specialty" and "position of an entry". A patient waits at most once per specialty (partial unique index);
 * the entry stays as history once scheduled or cancelled.
 */

export const queueEntries = pgTable(
  'queue_entries',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').notNull(),
    specialtyId: integer('specialty_id').notNull(),
    /** Preferences kept from the request (smart assignment), used when the entry is scheduled. */
    locationId: integer('location_id'),
    preferredDoctorId: integer('preferred_doctor_id'),
    cupsId: integer('cups_id'),
    priorityLevel: text('priority_level').notNull().default('Normal'),
    priorityRank: smallint('priority_rank')
      .notNull()
      .generatedAlwaysAs(
        sql`case priority_level when 'Urgente' then 0 when 'Alta' then 1 when 'Normal' then 2 else 3 end`,
      ),
    status: text('status').notNull().default('waiting'),
    /** 'reagendar' when the patient came back from a cancelled appointment. */
    callType: text('call_type').notNull().default('normal'),
    source: text('source').notNull().default('manual'),
    reason: text('reason'),
    notes: text('notes'),
    appointmentType: text('appointment_type'),
    durationMinutes: integer('duration_minutes'),
    insuranceType: text('insurance_type'),
    preferredTimeSlots: jsonb('preferred_time_slots'),
    /** The appointment that was cancelled to put the patient here (cancel-and-reassign). */
    originAppointmentId: integer('origin_appointment_id'),
    /** The appointment that took the patient out of the queue. */
    appointmentId: integer('appointment_id'),
    outcome: text('outcome'),
    assignedUserId: integer('assigned_user_id'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('queue_entries_waiting_order_idx')
      .on(t.specialtyId, t.priorityRank, t.createdAt, t.id)
      .where(sql`status = 'waiting'`),
    uniqueIndex('queue_entries_patient_active_key')
      .on(t.patientId, t.specialtyId)
      .where(sql`status in ('waiting', 'assigned')`),
    index('queue_entries_patient_idx').on(t.patientId),
    index('queue_entries_status_created_idx').on(t.status, t.createdAt),
    check('queue_entries_priority_check', sql`${t.priorityLevel} in ('Urgente','Alta','Normal','Baja')`),
    check('queue_entries_status_check', sql`${t.status} in ('waiting','assigned','scheduled','cancelled')`),
    check('queue_entries_call_type_check', sql`${t.callType} in ('normal','reagendar')`),
    check(
      'queue_entries_source_check',
      sql`${t.source} in ('manual','smart_assign','return_to_queue','call_center')`,
    ),
    check(
      'queue_entries_duration_check',
      sql`${t.durationMinutes} is null or ${t.durationMinutes} between 5 and 480`,
    ),
    check(
      'queue_entries_scheduled_check',
      sql`${t.status} <> 'scheduled' or ${t.appointmentId} is not null or ${t.outcome} is not null`,
    ),
    foreignKey({
      name: 'queue_entries_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'queue_entries_specialty_fk',
      columns: [t.specialtyId],
      foreignColumns: [specialties.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'queue_entries_location_fk',
      columns: [t.locationId],
      foreignColumns: [locations.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'queue_entries_doctor_fk',
      columns: [t.preferredDoctorId],
      foreignColumns: [doctors.id],
    }).onDelete('set null'),
    foreignKey({ name: 'queue_entries_cups_fk', columns: [t.cupsId], foreignColumns: [cups.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'queue_entries_origin_appointment_fk',
      columns: [t.originAppointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'queue_entries_appointment_fk',
      columns: [t.appointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'queue_entries_assigned_user_fk',
      columns: [t.assignedUserId],
      foreignColumns: [users.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'queue_entries_created_by_fk',
      columns: [t.createdBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);

/**
 * A freed slot offered to a waiting patient (setting queue_freed_slot_action): who got which slot and why.
 * 'auto_assign' offers are booked at once (status accepted, appointment_id set); 'notify' offers stay
 * 'offered' until an agent books the patient into that agenda (accepted) or the entry leaves the queue or the
 * slot is gone (expired).
 */
export const queueSlotOffers = pgTable(
  'queue_slot_offers',
  {
    id: serial('id').primaryKey(),
    queueEntryId: integer('queue_entry_id').notNull(),
    patientId: integer('patient_id').notNull(),
    availabilityId: integer('availability_id').notNull(),
    freedAppointmentId: integer('freed_appointment_id'),
    appointmentId: integer('appointment_id'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('offered'),
    reason: text('reason').notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('queue_slot_offers_entry_idx').on(t.queueEntryId, t.createdAt),
    index('queue_slot_offers_open_idx')
      .on(t.availabilityId)
      .where(sql`status = 'offered'`),
    check('queue_slot_offers_mode_check', sql`${t.mode} in ('auto_assign','notify')`),
    check('queue_slot_offers_status_check', sql`${t.status} in ('offered','accepted','expired')`),
    foreignKey({
      name: 'queue_slot_offers_entry_fk',
      columns: [t.queueEntryId],
      foreignColumns: [queueEntries.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'queue_slot_offers_patient_fk',
      columns: [t.patientId],
      foreignColumns: [patients.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'queue_slot_offers_availability_fk',
      columns: [t.availabilityId],
      foreignColumns: [availabilities.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'queue_slot_offers_freed_fk',
      columns: [t.freedAppointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'queue_slot_offers_appointment_fk',
      columns: [t.appointmentId],
      foreignColumns: [appointments.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'queue_slot_offers_created_by_fk',
      columns: [t.createdBy],
      foreignColumns: [users.id],
    }).onDelete('set null'),
  ],
);
