-- Custom integrations (issue 24, decision 0151): an OpenAPI document an organization imported, compiled to actions and
-- auth options (`spec`, src/integrations/openapi/compile.ts). org_id NULL: published by the operator to every
-- organization. A name is unique within its organization, and among the published ones.
CREATE TABLE custom_integrations (
  id uuid PRIMARY KEY,
  org_id uuid REFERENCES organizations(id) ON DELETE CASCADE,
  name text NOT NULL,
  display_name text NOT NULL,
  description text NOT NULL DEFAULT '',
  source_url text,
  source_version text NOT NULL,
  document_sha256 text NOT NULL,
  selection jsonb NOT NULL DEFAULT '{}',
  spec jsonb NOT NULL,
  revision integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX custom_integrations_org_name ON custom_integrations (org_id, name) WHERE org_id IS NOT NULL;
CREATE UNIQUE INDEX custom_integrations_published_name ON custom_integrations (name) WHERE org_id IS NULL;
