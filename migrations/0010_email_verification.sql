-- Email verification (docs/decisions/0070): an address is trusted (MCP OAuth end-user matching, accepting an
-- invitation) only once its owner has entered a code sent to it. One pending code per person; only its SHA-256 is kept.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;

CREATE TABLE email_verification_codes (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
