-- The start of the receiver's answer to a delivery attempt (decision 0136): at most 500 characters of a text
-- response body, so the dashboard can show why a receiver refused an event. Null when no answer came, the answer was
-- empty or not text.
ALTER TABLE webhook_delivery_attempts ADD COLUMN response_excerpt text;
