-- Files of the storage built-in (and piece `files`), per persistence scope. Bytes live in a blob backend
-- (a directory under the data dir by default) under the row id; this table is the index.
CREATE TABLE storage_objects (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
  scope text NOT NULL,
  scope_id text NOT NULL,
  path text NOT NULL,
  size integer NOT NULL,
  content_type text NOT NULL,
  sha256 text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT storage_objects_path_unique UNIQUE (workspace_id, scope, scope_id, path)
);
CREATE INDEX storage_objects_org_idx ON storage_objects (org_id);
