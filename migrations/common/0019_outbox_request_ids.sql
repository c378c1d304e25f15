-- The request that queued each outgoing mail and push (its X-Request-Id), so delivery log lines name
-- the request that caused them. Empty for what no request queued (commands, the news clock).
ALTER TABLE mail_outbox ADD COLUMN request_id TEXT NOT NULL DEFAULT '';
ALTER TABLE push_outbox ADD COLUMN request_id TEXT NOT NULL DEFAULT '';
