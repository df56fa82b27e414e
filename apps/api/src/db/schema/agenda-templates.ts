import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** One time slot of a template: clinic wall-clock times 'HH:MM' and how many patients the agenda takes. */
export interface TemplateSlot {
  start: string;
  end: string;
  capacity: number;
}

/*
 * Agenda templates (spec part 2 §3, decision 035). Migration 0026 holds the foreign keys (doctor, specialty and
 * location set null on delete: a template without them is a draft) and the slot check function.
 */
export const agendaTemplates = pgTable(
  'agenda_templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    doctorId: integer('doctor_id'),
    specialtyId: integer('specialty_id'),
    locationId: integer('location_id'),
    daysOfWeek: smallint('days_of_week').array().notNull(),
    timeSlots: jsonb('time_slots').$type<TemplateSlot[]>().notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    breakBetweenSlots: integer('break_between_slots').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('agenda_templates_doctor_idx').on(t.doctorId),
    check('agenda_templates_break_check', sql`${t.breakBetweenSlots} between 0 and 60`),
  ],
);
