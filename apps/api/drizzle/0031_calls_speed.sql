-- Issue 17 at 10⁶ calls (decision 040): covering indexes, so the history's search walk and the measures read
-- the index alone (index-only scans) instead of one table page per call.
-- The history searched past the count cap: newest first, the search columns and the filters in the index.
CREATE INDEX "calls_started_search_idx" ON "calls" USING btree ("started_at" DESC, "id" DESC) INCLUDE ("status", "priority", "name_search", "phone_digits");--> statement-breakpoint
-- The same with a priority filter (the filter that is selective; status 'ended' is nearly every call).
CREATE INDEX "calls_priority_search_idx" ON "calls" USING btree ("priority", "started_at" DESC, "id" DESC) INCLUDE ("status", "name_search", "phone_digits");--> statement-breakpoint
-- The measures over the calls offered in a window (measures.ts: measureCalls, offeredIn).
CREATE INDEX "calls_started_measures_idx" ON "calls" USING btree ("started_at") INCLUDE ("answered_at", "ended_at", "status");--> statement-breakpoint
-- The calls ended in a window (endedIn) and the last ones ended (the monitor); replaces calls_ended_idx.
CREATE INDEX "calls_ended_measures_idx" ON "calls" USING btree ("ended_at") INCLUDE ("started_at") WHERE "ended_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "calls_ended_idx";
