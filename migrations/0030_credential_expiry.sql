-- Credential expiry (decision 0144): when a connection's credentials stop working without a person (an OAuth2
-- refresh token's own expiry when the provider states it, or an access token that cannot be refreshed), and the
-- expiry that connection.expiring was last sent for, so each expiry is announced once.
ALTER TABLE connections
  ADD COLUMN credential_expires_at timestamptz,
  ADD COLUMN expiry_notice_for timestamptz;
CREATE INDEX connections_credential_expiry_idx ON connections (credential_expires_at)
  WHERE credential_expires_at IS NOT NULL;
