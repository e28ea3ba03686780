-- Whether a connection's credentials were checked (docs/decisions/0095): 'verified' when the integration accepted
-- them before they were stored (its validate step, an OAuth2 code exchange or refresh), 'unverified' when they were
-- stored as given. Rows from before are unverified unless an OAuth2 connect session produced them: nothing
-- recorded whether a check ran, and a check that did not happen must never be claimed.
ALTER TABLE connections ADD COLUMN verification text NOT NULL DEFAULT 'unverified';
UPDATE connections c SET verification = 'verified'
 WHERE c.type IN ('OAUTH2', 'PLATFORM_OAUTH2')
   AND EXISTS (SELECT 1 FROM connect_sessions s WHERE s.connection_id = c.id AND s.status = 'COMPLETED');
-- A finished connect session says what its result was; null until it completes.
ALTER TABLE connect_sessions ADD COLUMN verification text;
UPDATE connect_sessions s SET verification = c.verification
  FROM connections c
 WHERE s.connection_id = c.id AND s.status = 'COMPLETED';
