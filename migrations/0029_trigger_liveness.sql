-- Trigger liveness (decision 0143): polls that failed in a row (reset by a poll that works or a re-enable; the source
-- is disabled after SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS of them) and when the source last took an event.
ALTER TABLE trigger_sources
  ADD COLUMN consecutive_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN last_event_at timestamptz;
