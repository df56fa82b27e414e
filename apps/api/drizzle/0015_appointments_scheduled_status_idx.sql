-- (scheduled_at, status) replaces (scheduled_at): a period's counts by status and the calendar summary read the
-- index alone. IF [NOT] EXISTS: the benchmark database (bench/schedule-reads.ts) got this change by hand,
-- with CREATE INDEX CONCURRENTLY and DROP INDEX CONCURRENTLY, before this migration existed.
DROP INDEX IF EXISTS "appointments_scheduled_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointments_scheduled_status_idx" ON "appointments" USING btree ("scheduled_at","status");
