-- State kept by stateful built-ins (kv-store, piece `store`) per persistence scope:
-- end_user (scope_id = end user id), workspace (scope_id = ''), external (scope_id = the caller's externalId).
CREATE TABLE kv_entries (
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  scope text NOT NULL,
  scope_id text NOT NULL,
  key text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (workspace_id, scope, scope_id, key)
);
CREATE INDEX kv_entries_org_idx ON kv_entries (org_id);
