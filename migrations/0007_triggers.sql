-- Durable outbound webhook delivery (src/platform/delivery) and triggers (src/modules/triggers).

-- Per-organization secret that signs outbound webhooks. Both secrets are AES-256-GCM envelopes. After a rotation
-- the previous secret keeps signing (a second v1= in the signature header) until previous_expires_at.
-- Both envelopes are sealed under the row id (key rotation re-seals them, see ENCRYPTED_COLUMNS).
CREATE TABLE webhook_signing_secrets (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL UNIQUE REFERENCES organizations(id) ON DELETE CASCADE,
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

-- Trigger sources: one subscription to an integration's trigger, delivering to a callback URL.
-- status PENDING (being enabled: the provider may already call), ACTIVE, DISABLED (kept for its history).
CREATE TABLE trigger_sources (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  workspace_integration_id uuid REFERENCES workspace_integrations(id) ON DELETE SET NULL,
  integration_name text NOT NULL,
  integration_alias text NOT NULL,
  trigger_name text NOT NULL,
  trigger_type text NOT NULL,
  status text NOT NULL,
  -- 'earlier': enabled through the earlier request shape (pieceName, projectId, webhookUrl); delivers its envelope.
  api_shape text NOT NULL DEFAULT 'current',
  connection_id uuid REFERENCES connections(id) ON DELETE SET NULL,
  end_user_id uuid,
  callback_url text NOT NULL,
  -- AES-256-GCM envelopes: the receiver's headers, the merged input, and the piece's store for this source.
  callback_headers text NOT NULL,
  callback_metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  input text NOT NULL,
  state text NOT NULL,
  partial_ids text[] NOT NULL DEFAULT '{}',
  simulate boolean NOT NULL DEFAULT false,
  polling_interval_minutes integer,
  -- Polling: due time, and the lease of the one node polling it now (poll_token fences its commit).
  next_poll_at timestamptz,
  poll_lease_until timestamptz,
  poll_token uuid,
  last_polled_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  -- Events recorded so far; the next event's sequence number.
  event_count bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  CONSTRAINT trigger_sources_status_check CHECK (status IN ('PENDING', 'ACTIVE', 'DISABLED')),
  CONSTRAINT trigger_sources_type_check CHECK (trigger_type IN ('WEBHOOK', 'POLLING', 'APP_WEBHOOK'))
);
CREATE INDEX trigger_sources_org_idx ON trigger_sources (org_id, workspace_id, created_at DESC);
CREATE INDEX trigger_sources_due_idx ON trigger_sources (next_poll_at) WHERE status = 'ACTIVE' AND trigger_type = 'POLLING' AND NOT simulate;

-- APP_WEBHOOK routing: which sources listen for an (integration, event, identifier), as their onEnable asked.
CREATE TABLE trigger_app_listeners (
  source_id uuid NOT NULL REFERENCES trigger_sources(id) ON DELETE CASCADE,
  integration_name text NOT NULL,
  event text NOT NULL,
  identifier_value text NOT NULL,
  PRIMARY KEY (source_id, event, identifier_value)
);
CREATE INDEX trigger_app_listeners_route_idx ON trigger_app_listeners (integration_name, event, identifier_value);

-- Events: id is the eventId receivers dedupe on, and the id of its delivery (X-Service-Delivery).
CREATE TABLE trigger_events (
  id uuid PRIMARY KEY REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  source_id uuid NOT NULL REFERENCES trigger_sources(id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  origin text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trigger_events_source_idx ON trigger_events (org_id, source_id, seq DESC);

-- An event that goes with its source (workspace deleted) takes its undelivered delivery along.
CREATE FUNCTION trigger_events_drop_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM webhook_deliveries WHERE id = OLD.id;
  RETURN OLD;
END $$;
CREATE TRIGGER trigger_events_drop_delivery AFTER DELETE ON trigger_events FOR EACH ROW EXECUTE FUNCTION trigger_events_drop_delivery();
