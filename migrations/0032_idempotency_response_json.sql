-- An idempotency key's stored answer is the action's output as the caller got it. jsonb cannot hold a NUL in text
-- (\u0000), which an upstream's answer or a script's result may: storing it failed after the action had run, the
-- caller got 400, and a retry with the key waited for a claim nobody would complete. json keeps the text as written.
ALTER TABLE idempotency_records ALTER COLUMN response TYPE json USING response::json;
