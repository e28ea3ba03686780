-- Human Gates: approval policies, approval requests and their receipts.

CREATE TABLE approval_policies (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- NULL: applies organization-wide.
  workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  enabled boolean NOT NULL DEFAULT true,
  priority integer NOT NULL DEFAULT 100,
  sources text[] NOT NULL,
  mcp_server_ids text[] NOT NULL DEFAULT '{}',
  workspace_integration_ids text[] NOT NULL DEFAULT '{}',
  integration_names text[] NOT NULL DEFAULT '{}',
  integration_aliases text[] NOT NULL DEFAULT '{}',
  action_names text[] NOT NULL DEFAULT '{}',
  connection_strategies text[] NOT NULL DEFAULT '{}',
  end_user_mode text NOT NULL DEFAULT 'any',
  decision text NOT NULL DEFAULT 'require_approval',
  risk_mode text NOT NULL DEFAULT 'rules',
  rules jsonb NOT NULL DEFAULT '{}'::jsonb,
  approvers jsonb NOT NULL DEFAULT '[]'::jsonb,
  timeout_seconds integer NOT NULL DEFAULT 3600,
  default_on_timeout text NOT NULL DEFAULT 'reject',
  reuse_window_seconds integer,
  approval_access_mode text NOT NULL DEFAULT 'dashboard_and_hosted_link',
  metadata jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_policies_org_idx ON approval_policies (org_id, workspace_id);

-- One row per gated execution. policy_id has no foreign key: deleting a policy keeps its requests' history,
-- and policy_snapshot keeps what the request was judged under (name, decision, approvers, access mode).
CREATE TABLE approval_requests (
  id text PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
  policy_id uuid,
  policy_snapshot jsonb NOT NULL,
  decision text NOT NULL,
  status text NOT NULL,
  source text NOT NULL,
  end_user_id uuid,
  end_user_external_id text,
  api_key_id uuid,
  mcp_server_id uuid,
  trigger_source_id uuid,
  integration_name text NOT NULL,
  integration_alias text,
  workspace_integration_id uuid,
  action_name text NOT NULL,
  connection_id uuid,
  input_hash text NOT NULL,
  idempotency_key text,
  input_preview jsonb NOT NULL,
  redacted_paths text[] NOT NULL DEFAULT '{}',
  risk_reasons text[] NOT NULL DEFAULT '{}',
  approval_access_mode text NOT NULL,
  -- SHA-256 of the hosted link's bearer token; NULL when the access mode has no hosted link.
  link_token_hash text,
  code_run_id text,
  expires_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by jsonb,
  decision_reason text,
  decision_metadata jsonb,
  reused_from text,
  consumed_at timestamptz,
  run_status text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX approval_requests_list_idx ON approval_requests (org_id, created_at DESC, id DESC);
CREATE INDEX approval_requests_key_idx ON approval_requests (org_id, idempotency_key, input_hash);
CREATE INDEX approval_requests_reuse_idx ON approval_requests (org_id, policy_id, input_hash, decided_at DESC);
CREATE INDEX approval_requests_pending_idx ON approval_requests (expires_at) WHERE status = 'pending';
-- Concurrent identical calls (same idempotency key and input) share one pending request.
CREATE UNIQUE INDEX approval_requests_pending_unique ON approval_requests (org_id, idempotency_key, input_hash)
  WHERE status = 'pending' AND idempotency_key IS NOT NULL;

-- A receipt is created on approval: it lets exactly one retry (same idempotency key, same input hash) run.
CREATE TABLE approval_receipts (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  approval_id text NOT NULL REFERENCES approval_requests(id) ON DELETE CASCADE,
  input_hash text NOT NULL,
  idempotency_key text,
  status text NOT NULL DEFAULT 'valid',
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT approval_receipts_one_per_request UNIQUE (approval_id)
);
CREATE INDEX approval_receipts_lookup_idx ON approval_receipts (org_id, idempotency_key, input_hash);
