-- E-mail confirmation and password-reset codes, counted actions for rate limits, and the options of
-- joining, resetting and mail delivery (same SQL on both engines).

-- One row per code sent by e-mail. Only a SHA-256 hash of the code is stored.
CREATE TABLE account_codes (
    id TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    purpose TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE UNIQUE INDEX account_codes_hash_key ON account_codes (code_hash);
CREATE INDEX account_codes_member ON account_codes (member_id, purpose);

-- Actions that are limited per hour: one row per counted action and subject (an IP or an account).
CREATE TABLE rate_events (
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    happened_at BIGINT NOT NULL
);
CREATE INDEX rate_events_subject ON rate_events (action, subject, happened_at);
CREATE INDEX rate_events_time ON rate_events (happened_at);

INSERT INTO config (name, value) VALUES
    ('email_confirm_join', '1'),
    ('email_confirm_hours', '24'),
    ('require_new_member_validation', '0'),
    ('dobs', '1'),
    ('restricted_usernames', 'Guest, System, unknown, Staff, Administrator, Moderator, googlebot'),
    ('valid_email_domains', ''),
    ('prohibit_username_whitespace', '0'),
    ('prohibit_password_whitespace', '0'),
    ('default_timezone', 'UTC'),
    ('join_limit_per_ip_per_hour', '10'),
    ('password_reset_minutes', '30'),
    ('password_reset_limit_per_account_per_hour', '3'),
    ('password_reset_limit_per_ip_per_hour', '20'),
    ('code_failures_per_hour', '10'),
    ('mail_retry_base_seconds', '30'),
    ('mail_retry_max_seconds', '3600'),
    ('mail_max_attempts', '15');
