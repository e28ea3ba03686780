-- The end-user portal lists an end user's approval requests (pending by expiry, recent decisions): one index on the
-- end user keeps that a short range scan however many requests the organization has.
CREATE INDEX approval_requests_end_user_idx ON approval_requests (end_user_id, status, expires_at) WHERE end_user_id IS NOT NULL;
-- Code Mode runs read their batch requests by codeRunId.
CREATE INDEX approval_requests_code_run_idx ON approval_requests (org_id, code_run_id) WHERE code_run_id IS NOT NULL;

-- MCP OAuth links and grants made before email verification (0010) rest on an address nobody proved
-- (docs/decisions/0070): they end here, and the person verifies their email and authorizes again.
UPDATE mcp_tokens SET revoked_at = now()
 WHERE revoked_at IS NULL
   AND grant_id IN (SELECT g.id FROM mcp_oauth_grants g JOIN users u ON u.id = g.user_id WHERE u.email_verified_at IS NULL);
UPDATE mcp_oauth_grants SET revoked_at = now()
 WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE email_verified_at IS NULL);
DELETE FROM mcp_end_user_links WHERE user_id IN (SELECT id FROM users WHERE email_verified_at IS NULL);
