-- Decision 029. The audit viewer filters audit_log by table (and record), user, action and a period, newest first
-- (created_at, id). Each filter leads its own index ending in (created_at DESC, id DESC), so a page is an index
-- walk that stops at the limit and a capped count reads at most 10,001 index entries. The three indexes of 0001
-- ((table_name, record_id), (user_id), (created_at)) are replaced by the wider ones: they serve the same lookups.
DROP INDEX IF EXISTS "audit_log_record_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_user_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "audit_log_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("table_name","record_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_table_idx" ON "audit_log" USING btree ("table_name","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
-- The summary's daily rollup (GET /api/audit/summary): the counts of each closed local day of the organisation's
-- timezone, per table, per action and per user ('' for changes without a user). Filled by the summary itself for
-- the closed days it needs and does not have (modules/audit/summary-repo.ts); the open day is counted from
-- audit_log. Nothing on the write path: audit inserts take no counter row lock. `tz` keys the days, so a change
-- of the organisation's timezone starts a new set of days instead of mixing two.
CREATE TABLE "audit_daily_counts" (
	"tz" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "audit_daily_counts_pk" PRIMARY KEY ("tz","day","dimension","key"),
	CONSTRAINT "audit_daily_counts_dimension" CHECK ("dimension" IN ('table', 'action', 'user'))
);
--> statement-breakpoint
-- The days already counted (a day without changes has no counts but is done all the same).
CREATE TABLE "audit_daily_days" (
	"tz" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "audit_daily_days_pk" PRIMARY KEY ("tz","day")
);
--> statement-breakpoint
-- The same counts per closed UTC hour of the day still open, so the summary reads at most the last hour from
-- audit_log. Rows of days already closed are deleted as the daily rows take over.
CREATE TABLE "audit_hourly_counts" (
	"hour" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "audit_hourly_counts_pk" PRIMARY KEY ("hour","dimension","key"),
	CONSTRAINT "audit_hourly_counts_dimension" CHECK ("dimension" IN ('table', 'action', 'user'))
);
--> statement-breakpoint
CREATE TABLE "audit_hourly_hours" (
	"hour" timestamp with time zone NOT NULL,
	CONSTRAINT "audit_hourly_hours_pk" PRIMARY KEY ("hour")
);
