-- The daily count of email verification codes sent to a person (decision 0084): one row per person, gone with them.
CREATE TABLE IF NOT EXISTS email_verification_sends (
  user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);
