-- Activepieces piece packages added at runtime (`switchboard integrations add`, POST /operator/v1/integrations).
-- Every node installs the same package version into its data dir and registers it (see docs/decisions/0016).
CREATE TABLE installed_pieces (
  package text PRIMARY KEY,
  version text NOT NULL,
  name text NOT NULL UNIQUE,
  metadata jsonb NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now()
);
