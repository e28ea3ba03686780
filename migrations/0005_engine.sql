-- Connections, OAuth apps, workspace integrations, input partials and the execution engine's own state
-- (idempotency records, usage counters, activity log).

-- The credential identity: one credential per integration, externalId and auth method in an organization.
CREATE UNIQUE INDEX connections_identity_unique ON connections (org_id, integration_name, external_id, auth_method_key);
CREATE INDEX connections_lookup_idx ON connections (org_id, integration_name, workspace_id, end_user_id);
-- Set for OAuth2 connections: when the access token expires (refresh is scheduled before it).
ALTER TABLE connections ADD COLUMN token_expires_at timestamptz;
-- Message of the last failure that moved the connection out of ACTIVE (never a secret).
ALTER TABLE connections ADD COLUMN status_message text;
-- Connections made through the earlier request shape answer in that shape.
ALTER TABLE connections ADD COLUMN api_shape text NOT NULL DEFAULT 'current';

-- OAuth2 client registrations. org_id NULL: a service-managed app configured by the operator for everyone;
-- otherwise an organization's custom app. The client secret is an AES-256-GCM envelope.
CREATE TABLE oauth_apps (
  id uuid PRIMARY KEY,
  org_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
  integration_name text NOT NULL,
  name text NOT NULL,
  client_id text NOT NULL,
  client_secret text NOT NULL,
  scopes text[] NOT NULL DEFAULT '{}',
  auth_url text,
  token_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX oauth_apps_platform_unique ON oauth_apps (integration_name) WHERE org_id IS NULL;
CREATE INDEX oauth_apps_org_idx ON oauth_apps (org_id, integration_name);

ALTER TABLE connections
  ADD CONSTRAINT connections_oauth_app_fk FOREIGN KEY (oauth_app_id) REFERENCES oauth_apps(id) ON DELETE SET NULL;

CREATE TABLE workspace_integrations (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  integration_name text NOT NULL,
  alias text NOT NULL,
  display_name text,
  connection_strategy text NOT NULL DEFAULT 'fixed',
  auth_method_key text NOT NULL,
  oauth_app_mode text NOT NULL DEFAULT 'service_managed',
  oauth_app_id uuid REFERENCES oauth_apps(id) ON DELETE RESTRICT,
  connection_id uuid REFERENCES connections(id) ON DELETE SET NULL,
  enabled_actions text[],
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  sort_order double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT workspace_integrations_alias_unique UNIQUE (workspace_id, alias)
);
CREATE INDEX workspace_integrations_org_idx ON workspace_integrations (org_id, workspace_id);

-- scope_key = '<integration>|<alias or *>|<action:name, trigger:name or *>': names are unique within a scope, and a
-- scope has at most one default partial. A null alias applies to every alias of the integration.
CREATE TABLE input_partials (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  integration_name text NOT NULL,
  workspace_integration_id uuid REFERENCES workspace_integrations(id) ON DELETE CASCADE,
  integration_alias text,
  action_name text,
  trigger_name text,
  scope_key text NOT NULL,
  name text NOT NULL,
  description text,
  values jsonb NOT NULL DEFAULT '{}'::jsonb,
  enforced_keys text[] NOT NULL DEFAULT '{}',
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT input_partials_name_unique UNIQUE (workspace_id, scope_key, name),
  CONSTRAINT input_partials_target_check CHECK (action_name IS NULL OR trigger_name IS NULL)
);
CREATE UNIQUE INDEX input_partials_default_unique ON input_partials (workspace_id, scope_key) WHERE is_default;
CREATE INDEX input_partials_target_idx ON input_partials (org_id, workspace_id, integration_name);

-- Idempotent executions: one row per (organization, key). status 'running' is a claim; 'done' holds the result.
CREATE TABLE idempotency_records (
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status text NOT NULL,
  http_status integer,
  response jsonb,
  claimed_until timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, key)
);
CREATE INDEX idempotency_records_expiry_idx ON idempotency_records (expires_at);

-- Usage counters shared by every node: monthly action counts and rate-limit windows. Nodes lease blocks of
-- admissions from them (see docs/decisions), so a limit is never exceeded and the hot path rarely writes.
CREATE TABLE usage_counters (
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  counter text NOT NULL,
  bucket bigint NOT NULL,
  count bigint NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, counter, bucket)
);
CREATE INDEX usage_counters_expiry_idx ON usage_counters (expires_at);

-- One row per execution, from every surface. Written in batches off the request path; never holds input.
CREATE TABLE activity (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
  api_key_id uuid,
  end_user_id uuid,
  end_user_external_id text,
  source text NOT NULL,
  integration_name text NOT NULL,
  integration_alias text,
  action_name text NOT NULL,
  connection_id uuid,
  mcp_server_id uuid,
  trigger_source_id uuid,
  approval_id text,
  status text NOT NULL,
  error_code text,
  error_message text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX activity_org_idx ON activity (org_id, created_at DESC, id DESC);
CREATE INDEX activity_workspace_idx ON activity (org_id, workspace_id, created_at DESC);
