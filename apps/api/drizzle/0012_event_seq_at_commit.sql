-- Decision 012: event stream positions in commit order. event_log.id is taken at insert, so two transactions
-- can commit out of id order and a client resuming from Last-Event-ID could skip the one that committed
-- later with the smaller id. seq is taken at commit instead, by a deferred constraint trigger that first takes
-- a transaction-scoped advisory lock: from that point to the end of its commit no other publishing
-- transaction can take a position, so positions follow commit order. The lock is taken only when the
-- transaction commits (deferred trigger), not while its body still takes row locks, so it cannot deadlock
-- with them. The NOTIFY moves here too, so that it carries the position (NOTIFYs arrive in commit order).
CREATE SEQUENCE IF NOT EXISTS "event_log_seq_seq" AS bigint;
--> statement-breakpoint
UPDATE "event_log" SET "seq" = "id" WHERE "seq" IS NULL;
--> statement-breakpoint
SELECT setval('event_log_seq_seq', coalesce((SELECT max("id") FROM "event_log"), 0) + 1, false);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION event_log_assign_seq() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pos bigint;
  msg text;
BEGIN
  PERFORM pg_advisory_xact_lock(8241500912);
  pos := nextval('event_log_seq_seq');
  UPDATE event_log SET seq = pos WHERE id = NEW.id;
  msg := json_build_object(
    'id', pos,
    'channel', NEW.channel,
    'type', NEW.type,
    'payload', NEW.payload,
    'createdAt', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  -- NOTIFY payloads are limited to 8000 bytes; a bigger event travels as its position and is read back.
  IF octet_length(msg) > 7000 THEN
    msg := json_build_object('id', pos, 'ref', true)::text;
  END IF;
  PERFORM pg_notify('app_events', msg);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "event_log_assign_seq" AFTER INSERT ON "event_log"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION event_log_assign_seq();
