-- Deliveries are claimed per stream (the head of each stream with open deliveries, found through
-- webhook_deliveries_open_stream_idx) and, for deliveries without a stream, by due time. The due-time index then only
-- needs the deliveries without a stream: a long backlog in one stream is no longer scanned on every claim.
DROP INDEX IF EXISTS webhook_deliveries_due_idx;
CREATE INDEX IF NOT EXISTS webhook_deliveries_due_unstreamed_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending' AND stream_key IS NULL;
