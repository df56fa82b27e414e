import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/*
 * Billing (spec part 2 §3 "Billing record", "Audit event"; migration 0023, decision 031). The SQL migration
 * holds the foreign keys and the indexes; these definitions give the queries their types. Money is numeric
 * (exact), read as a JS number (pesos with at most two decimals are exact in a double up to 10^13).
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

export const BILLING_STATUSES = ['pending', 'billed', 'paid', 'cancelled'] as const;

export const doctorServicePrices = pgTable(
  'doctor_service_prices',
  {
    id: serial('id').primaryKey(),
    doctorId: integer('doctor_id').notNull(),
    serviceId: integer('service_id').notNull(),
    price: money('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('doctor_service_prices_pair_key').on(t.doctorId, t.serviceId),
    check('doctor_service_prices_price_check', sql`${t.price} >= 0`),
  ],
);

export const appointmentBilling = pgTable(
  'appointment_billing',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id'),
    serviceId: integer('service_id'),
    serviceName: text('service_name'),
    doctorId: integer('doctor_id'),
    doctorName: text('doctor_name').notNull(),
    basePrice: money('base_price').notNull().default(0),
    doctorPrice: money('doctor_price'),
    finalPrice: money('final_price').notNull().default(0),
    currency: text('currency').notNull().default('COP'),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_billing_appointment_key').on(t.appointmentId),
    check('appointment_billing_status_check', sql`${t.status} in ('pending','billed','paid','cancelled')`),
  ],
);

export const appointmentBillingAudit = pgTable('appointment_billing_audit', {
  id: serial('id').primaryKey(),
  billingId: integer('billing_id').notNull(),
  oldStatus: text('old_status').notNull(),
  newStatus: text('new_status').notNull(),
  changedByUserId: integer('changed_by_user_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
