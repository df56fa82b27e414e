-- Decision 017: replay reads event_log by (channel, seq) (event_log_channel_seq_idx) and no query filters or orders
-- it by (channel, id), so this index only cost a write per event. event_log_created_idx stays: the retention job
-- (lib/event-retention.ts) deletes the oldest events through it.
DROP INDEX "event_log_channel_idx";
