-- Connection health (decision 0140): what the service last learned about a connection's credentials, from refresh
-- outcomes and the provider's answers on use. healthy | degraded (a transient failure: the provider or the token
-- endpoint was unreachable, or refused one call with 403) | needs_reauth (the credentials stopped working: a refused
-- refresh, or a 401 nothing could repair). last_used_at is written at most once a minute per connection and node.
ALTER TABLE connections
  ADD COLUMN health text NOT NULL DEFAULT 'healthy' CHECK (health IN ('healthy', 'degraded', 'needs_reauth')),
  ADD COLUMN last_checked_at timestamptz,
  ADD COLUMN last_used_at timestamptz,
  ADD COLUMN last_error_code text,
  ADD COLUMN last_error_message text;
CREATE INDEX connections_unhealthy_idx ON connections (org_id, health) WHERE health <> 'healthy';
