-- Outgoing e-mail (SQLite). Written in the transaction of the change that causes it, delivered by the
-- mail worker. A row is claimed with a lease (lease_owner, lease_until) so that two workers never send it
-- at the same time; a crashed worker's lease simply runs out.

CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    message_id TEXT NOT NULL,
    recipient TEXT NOT NULL,
    reply_to TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL,
    text_body TEXT NOT NULL,
    html_body TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at BIGINT
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
