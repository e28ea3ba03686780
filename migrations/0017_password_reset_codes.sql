-- Password reset codes (decision 0088): one row per request. The code works with the requester's reset id (only its
-- SHA-256 is kept; 5 tries); the email's link carries a second token (SHA-256 only) that proves the inbox by itself,
-- so a stranger who asked for the code and spends its tries cannot stop the owner. A person gets one request a
-- minute and ten a day (rows of the last 24 hours are the count).
CREATE TABLE password_reset_codes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  reset_hash text NOT NULL UNIQUE,
  link_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_codes_user_idx ON password_reset_codes (user_id, created_at);
