-- Durable outbound webhook delivery (src/platform/delivery) and triggers (src/modules/triggers).

-- Per-organization secret that signs outbound webhooks. Both secrets are AES-256-GCM envelopes. After a rotation
-- the previous secret keeps signing (a second v1= in the signature header) until previous_expires_at.
CREATE TABLE webhook_signing_secrets (
  org_id uuid PRIMARY KEY REFERENCES organizations(id) ON DELETE CASCADE,
  secret text NOT NULL,
  secret_prefix text NOT NULL,
  previous_secret text,
  previous_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Order within a stream: taken under a per-stream advisory lock in the enqueuing transaction, so the order of
-- sequence numbers in a stream is the order of commits.
CREATE SEQUENCE webhook_delivery_seq;

-- The outbox: one row per message to deliver, written in the producer's own transaction. Claimed by any node
-- (FOR UPDATE SKIP LOCKED); status pending -> sending -> delivered | pending (retry) | dead; canceled by the producer.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  producer text NOT NULL,
  subject_id text,
  stream_key text,
  stream_seq bigint NOT NULL,
  url text NOT NULL,
  -- AES-256-GCM envelope of the producer's headers (they may carry the receiver's credentials).
  headers text NOT NULL,
  -- The exact JSON text sent (and signed) on every attempt.
  body text NOT NULL,
  sign boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  -- Attempts since the delivery was enqueued or last redelivered; the retry budget counts these.
  round_attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  dead_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webhook_deliveries_status_check CHECK (status IN ('pending', 'sending', 'delivered', 'dead', 'canceled'))
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_open_stream_idx ON webhook_deliveries (org_id, stream_key, stream_seq) WHERE status IN ('pending', 'sending');
CREATE INDEX webhook_deliveries_stream_idx ON webhook_deliveries (org_id, stream_key, delivered_at DESC);
CREATE INDEX webhook_deliveries_subject_idx ON webhook_deliveries (org_id, producer, subject_id);
CREATE INDEX webhook_deliveries_lease_idx ON webhook_deliveries (lease_until) WHERE status = 'sending';
CREATE INDEX webhook_deliveries_retention_idx ON webhook_deliveries (updated_at) WHERE status IN ('delivered', 'dead', 'canceled');

-- The attempt history of each delivery. finished_at NULL: in flight (or its node died; recovered as interrupted).
CREATE TABLE webhook_delivery_attempts (
  delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  org_id uuid NOT NULL,
  url text NOT NULL,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  status_code integer,
  error text,
  duration_ms integer,
  PRIMARY KEY (delivery_id, attempt)
);
CREATE INDEX webhook_delivery_attempts_open_idx ON webhook_delivery_attempts (delivery_id) WHERE finished_at IS NULL;
