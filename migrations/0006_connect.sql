-- Hosted connect sessions (cst_ tokens), end-user portal tokens (eut_) and OAuth2 refresh bookkeeping.

-- One hosted connect flow. The token is stored only as its SHA-256. status: PENDING, CONNECTING, COMPLETED,
-- FAILED (docs/decisions/0030-connect-sessions.md). OAuth2 state is stored hashed; the PKCE verifier and the
-- portal return address are AES-256-GCM envelopes sealed to the row.
CREATE TABLE connect_sessions (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  integration_name text NOT NULL,
  connection_name text NOT NULL,
  external_id text NOT NULL,
  auth_method_key text NOT NULL,
  scope text NOT NULL,
  end_user_external_id text,
  end_user_id uuid REFERENCES end_users(id) ON DELETE CASCADE,
  workspace_integration_id uuid REFERENCES workspace_integrations(id) ON DELETE SET NULL,
  oauth_app_mode text NOT NULL DEFAULT 'service_managed',
  oauth_app_id uuid REFERENCES oauth_apps(id) ON DELETE SET NULL,
  success_redirect_uri text,
  error_redirect_uri text,
  status text NOT NULL DEFAULT 'PENDING',
  connection_id uuid REFERENCES connections(id) ON DELETE SET NULL,
  error text,
  -- Set when the flow repairs an existing connection (reconnect) instead of creating one.
  reconnect_connection_id uuid REFERENCES connections(id) ON DELETE SET NULL,
  portal_token_id uuid,
  return_to text,
  oauth_state_hash text,
  oauth_pkce text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX connect_sessions_token_unique ON connect_sessions (token_hash);
CREATE UNIQUE INDEX connect_sessions_state_unique ON connect_sessions (oauth_state_hash) WHERE oauth_state_hash IS NOT NULL;
CREATE INDEX connect_sessions_org_idx ON connect_sessions (org_id, created_at DESC);
CREATE INDEX connect_sessions_expiry_idx ON connect_sessions (expires_at);

-- An end user's connect portal link (POST /end-users/:id/connect-token and /invite). Only the hash is stored.
CREATE TABLE end_user_portal_tokens (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  end_user_id uuid NOT NULL REFERENCES end_users(id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  integration_name text,
  workspace_integration_id uuid REFERENCES workspace_integrations(id) ON DELETE CASCADE,
  email text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX end_user_portal_tokens_token_unique ON end_user_portal_tokens (token_hash);
CREATE INDEX end_user_portal_tokens_end_user_idx ON end_user_portal_tokens (org_id, end_user_id);
CREATE INDEX end_user_portal_tokens_expiry_idx ON end_user_portal_tokens (expires_at);

ALTER TABLE connect_sessions
  ADD CONSTRAINT connect_sessions_portal_token_fk FOREIGN KEY (portal_token_id) REFERENCES end_user_portal_tokens(id) ON DELETE SET NULL;

-- The refresh job looks for OAuth2 connections whose access token expires soon.
CREATE INDEX connections_token_expiry_idx ON connections (token_expires_at) WHERE token_expires_at IS NOT NULL AND status = 'ACTIVE';
