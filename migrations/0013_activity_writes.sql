-- The activity log takes a row per execution, thousands a second. Foreign-key checks (a locking lookup per row) and a
-- primary key on a random UUID cost more than the rest of an insert. Ids stay unique by construction (random UUIDs,
-- each batch one atomic statement, so a retried batch never writes a row twice); rows are written only for existing
-- workspaces (the batch insert filters them), and deleting a workspace deletes its activity in the same statement.
ALTER TABLE activity DROP CONSTRAINT IF EXISTS activity_org_id_fkey;
ALTER TABLE activity DROP CONSTRAINT IF EXISTS activity_workspace_id_fkey;
ALTER TABLE activity DROP CONSTRAINT IF EXISTS activity_pkey;
