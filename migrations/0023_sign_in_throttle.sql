-- Failed sign-ins counted per (account, address), per address and per account (decision 0115), shared by every
-- node. Keys and accounts are SHA-256 digests: no address or typed email is stored in clear.
CREATE TABLE IF NOT EXISTS sign_in_throttle (
  key text PRIMARY KEY,
  -- digest of the lower-cased email, on pair and account rows: a password reset clears them
  account text,
  failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL,
  -- pair rows: a success from this address; until then the pair is exempt from the per-account limit
  known_until timestamptz
);
CREATE INDEX IF NOT EXISTS sign_in_throttle_account ON sign_in_throttle (account) WHERE account IS NOT NULL;
CREATE INDEX IF NOT EXISTS sign_in_throttle_last_failure ON sign_in_throttle (last_failure_at);
