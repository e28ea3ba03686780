-- Piece install jobs (decision 0101): `POST /operator/v1/integrations` answers 202 with a job at once and the
-- install runs in the background on the node that took the request; any node reads the job from here.
-- status: queued | running | succeeded | failed. integration: the added piece once succeeded; error: {code, message}.
CREATE TABLE piece_install_jobs (
  id uuid PRIMARY KEY,
  spec text NOT NULL,
  status text NOT NULL,
  integration jsonb,
  error jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX piece_install_jobs_created_idx ON piece_install_jobs (created_at);
