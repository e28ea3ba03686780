-- Password reset codes (decision 0088): one row per request, bound to whoever asked by a random reset id (only its
-- SHA-256 is kept) so nobody else can spend the code's tries; a person gets one a minute and ten a day (rows of the
-- last 24 hours are the count). Only digests of the code and of the reset id are stored.
CREATE TABLE password_reset_codes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reset_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_codes_user_idx ON password_reset_codes (user_id, created_at);
