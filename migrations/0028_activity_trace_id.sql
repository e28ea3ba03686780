-- The trace id of the call when OpenTelemetry tracing is on (decision 0142), to find its trace from the activity log.
ALTER TABLE activity ADD COLUMN trace_id text;
