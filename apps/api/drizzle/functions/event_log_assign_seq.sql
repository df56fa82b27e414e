-- The current version, applied after the migrations (decision 046); before it, last in migration 0012.
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
