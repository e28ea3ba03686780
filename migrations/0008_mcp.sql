-- MCP servers: the servers, their tools, their tokens (static bearer, end-user bearer, MCP OAuth), the MCP OAuth
-- authorization server's clients, codes and grants, person-to-end-user links, and paused Code Mode runs.

CREATE TABLE mcp_servers (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  -- NULL only for records not bound to a workspace (the API always sets it); such servers expose nothing and
  -- refuse token issuing with WORKSPACE_REQUIRED.
  workspace_id uuid REFERENCES workspaces(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  mode text NOT NULL DEFAULT 'TOOLS',
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  auth_mode text NOT NULL DEFAULT 'oauth',
  end_user_access text NOT NULL DEFAULT 'restricted',
  -- Server-level end-user scoping. No foreign key on purpose: deleting the end user must not silently widen the
  -- server to "no end user"; calls then fail instead (docs/decisions/0051). The external id is kept for display.
  end_user_id uuid,
  end_user_external_id text,
  created_by text,
  suspended boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_servers_org_idx ON mcp_servers (org_id, created_at, id);
CREATE INDEX mcp_servers_workspace_idx ON mcp_servers (workspace_id);

CREATE TABLE mcp_tools (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  mcp_server_id uuid NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
  integration_name text NOT NULL,
  integration_alias text NOT NULL,
  action_name text NOT NULL,
  tool_type text NOT NULL DEFAULT 'ACTION',
  connection_id uuid REFERENCES connections(id) ON DELETE SET NULL,
  display_name text,
  description text,
  input_defaults jsonb,
  sort_order double precision NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mcp_tools_unique UNIQUE (mcp_server_id, integration_alias, action_name)
);
CREATE INDEX mcp_tools_org_idx ON mcp_tools (org_id, mcp_server_id);

-- A tool's partials, in order. Deleting a partial removes it from every tool through the foreign key.
CREATE TABLE mcp_tool_partials (
  tool_id uuid NOT NULL REFERENCES mcp_tools(id) ON DELETE CASCADE,
  partial_id uuid NOT NULL REFERENCES input_partials(id) ON DELETE CASCADE,
  position integer NOT NULL,
  PRIMARY KEY (tool_id, partial_id)
);
CREATE INDEX mcp_tool_partials_partial_idx ON mcp_tool_partials (partial_id);

-- Registered MCP OAuth clients: dynamic registration (RFC 7591) or client ID metadata documents (client_id is the
-- document's URL). Global to the authorization server, like person accounts. Secrets are stored hashed.
CREATE TABLE mcp_oauth_clients (
  client_id text PRIMARY KEY,
  source text NOT NULL,
  client_secret_hash text,
  client_secret_expires_at timestamptz,
  metadata jsonb NOT NULL,
  fetched_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One person's consent for one client on one server: every token of the chain (access and rotated refresh
-- tokens) belongs to a grant, so revoking or detecting refresh-token reuse ends the whole chain.
CREATE TABLE mcp_oauth_grants (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  mcp_server_id uuid NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
  end_user_id uuid NOT NULL REFERENCES end_users(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES mcp_oauth_clients(client_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  resource text NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_oauth_grants_server_idx ON mcp_oauth_grants (mcp_server_id);

CREATE TABLE mcp_oauth_codes (
  code_hash text PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  mcp_server_id uuid NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
  end_user_id uuid NOT NULL REFERENCES end_users(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES mcp_oauth_clients(client_id) ON DELETE CASCADE,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  scopes text[] NOT NULL,
  resource text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  grant_id uuid,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_oauth_codes_expiry_idx ON mcp_oauth_codes (expires_at);

-- Tokens of MCP endpoints, stored only as SHA-256 hashes. kind: static (one shared mcp_ token per server),
-- bearer (an end user's mcp_ token), oauth_access (mcpo_), oauth_refresh (mcpr_, rotated on use).
CREATE TABLE mcp_tokens (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  mcp_server_id uuid NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
  kind text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  scopes text[] NOT NULL,
  end_user_id uuid REFERENCES end_users(id) ON DELETE CASCADE,
  grant_id uuid REFERENCES mcp_oauth_grants(id) ON DELETE CASCADE,
  expires_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX mcp_tokens_static_unique ON mcp_tokens (mcp_server_id) WHERE kind = 'static';
CREATE INDEX mcp_tokens_server_idx ON mcp_tokens (org_id, mcp_server_id, kind);
CREATE INDEX mcp_tokens_grant_idx ON mcp_tokens (grant_id);

-- A person (user account) linked to a workspace end user by the MCP OAuth authorize page.
CREATE TABLE mcp_end_user_links (
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  end_user_id uuid NOT NULL REFERENCES end_users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, user_id)
);

-- Code Mode runs paused for approval. Completed steps (their outputs, encrypted) are replayed when the run is
-- continued, so an action that already ran never runs twice.
CREATE TABLE mcp_code_runs (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  mcp_server_id uuid NOT NULL REFERENCES mcp_servers(id) ON DELETE CASCADE,
  end_user_id uuid,
  api_key_id uuid,
  code text NOT NULL,
  code_hash text NOT NULL,
  status text NOT NULL,
  steps text NOT NULL,
  approval_ids text[] NOT NULL DEFAULT '{}',
  pending_approval jsonb,
  result jsonb,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mcp_code_runs_approval_idx ON mcp_code_runs USING gin (approval_ids);
CREATE INDEX mcp_code_runs_expiry_idx ON mcp_code_runs (expires_at);
