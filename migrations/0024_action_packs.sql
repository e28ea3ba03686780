-- Action packs (decision 0122): extra monthly actions the operator grants an organization, on top of its plan's
-- quota. A pack counts in the UTC month it was added (first_month, year*100+month like the quota's counter bucket)
-- and, when recurring, in every month after it until deleted. actions is fixed when the pack is added.
CREATE TABLE action_packs (
  id uuid PRIMARY KEY,
  org_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  packs integer,
  actions bigint NOT NULL CHECK (actions > 0),
  recurring boolean NOT NULL,
  first_month integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX action_packs_org_idx ON action_packs (org_id, first_month);
