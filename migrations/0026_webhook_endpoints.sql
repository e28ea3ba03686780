-- The organization's outbound webhook endpoints (decision 0139): where signed organization events go.
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  url text NOT NULL,
  events text[] NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_org_idx ON webhook_endpoints (org_id, created_at);

-- One row per event delivered to an endpoint: id is the delivery's id (X-Service-Delivery); the delivery row
-- carries the attempts. Goes with its delivery (retention) and with its endpoint.
CREATE TABLE webhook_endpoint_deliveries (
  id uuid PRIMARY KEY REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  org_id uuid NOT NULL,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id uuid NOT NULL,
  event_type text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoint_deliveries_endpoint_idx ON webhook_endpoint_deliveries (org_id, endpoint_id, created_at DESC);
