-- The end-user portal lists an end user's approval requests (pending by expiry, recent decisions): one index on the
-- end user keeps that a short range scan however many requests the organization has.
CREATE INDEX approval_requests_end_user_idx ON approval_requests (end_user_id, status, expires_at) WHERE end_user_id IS NOT NULL;
-- Code Mode runs read their batch requests by codeRunId.
CREATE INDEX approval_requests_code_run_idx ON approval_requests (org_id, code_run_id) WHERE code_run_id IS NOT NULL;
