-- Push notifications (SQLite): registered devices, and the outbox the push worker delivers from
-- (leased like the mail outbox, so several instances never send one notification twice).

CREATE TABLE device_tokens (
    id INTEGER PRIMARY KEY,
    token TEXT NOT NULL,
    platform TEXT NOT NULL,
    member_id BIGINT REFERENCES members (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX device_tokens_token_key ON device_tokens (platform, token);
CREATE INDEX device_tokens_member ON device_tokens (member_id);

CREATE TABLE push_outbox (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    token TEXT NOT NULL,
    payload TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at BIGINT
);
CREATE INDEX push_outbox_due ON push_outbox (status, next_attempt_at);

INSERT INTO config (name, value) VALUES
    ('push_retry_base_seconds', '30'),
    ('push_retry_max_seconds', '3600'),
    ('push_max_attempts', '10');
