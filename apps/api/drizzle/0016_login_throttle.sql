-- Login throttling (decision 019). A failure stops counting towards a lock once it is cleared: by a success from
-- the same address (that pair only) or by an administrator's unlock (every address); the row stays as history.
ALTER TABLE "login_attempts" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
-- Until now a success ended the count of every earlier failure of the e-mail; keep that for the recent rows so the
-- switch does not lock anyone who signed in since.
UPDATE "login_attempts" AS f SET "cleared_at" = now()
  WHERE NOT f."success" AND f."created_at" > now() - interval '1 hour'
    AND EXISTS (SELECT 1 FROM "login_attempts" s
                WHERE s."success" AND s."email" = f."email" AND s."created_at" > f."created_at");--> statement-breakpoint
-- The failures that still count, newest first: the locked-accounts list reads only the last 15 minutes of them.
CREATE INDEX "login_attempts_open_failures_idx" ON "login_attempts" USING btree ("created_at")
  WHERE NOT "success" AND "cleared_at" IS NULL;--> statement-breakpoint
-- "Has this account signed in from this address lately?" (the known addresses the account-wide cap lets through).
CREATE INDEX "login_attempts_success_idx" ON "login_attempts" USING btree ("email","ip","created_at")
  WHERE "success";
