-- Device sessions, login throttling and the salt of imported Composr password hashes (same SQL on both engines).

ALTER TABLE members ADD COLUMN legacy_salt TEXT NOT NULL DEFAULT '';

-- One row per logged-in device. Only a SHA-256 hash of the device's token is stored.
CREATE TABLE device_sessions (
    id TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    user_agent TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    revoked_at BIGINT
);
CREATE UNIQUE INDEX device_sessions_token_key ON device_sessions (token_hash);
CREATE INDEX device_sessions_member ON device_sessions (member_id);

-- Failed logins, counted per (username, IP), per username and per IP.
CREATE TABLE login_failures (
    username_key TEXT NOT NULL,
    ip TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
CREATE INDEX login_failures_username ON login_failures (username_key, ip, failed_at);
CREATE INDEX login_failures_ip ON login_failures (ip, failed_at);
CREATE INDEX login_failures_time ON login_failures (failed_at);

INSERT INTO config (name, value) VALUES
    ('session_idle_days', '120'),
    ('session_maximum_days', '365'),
    ('session_cache_seconds', '5'),
    ('login_throttle_user_ip_failures', '5'),
    ('login_throttle_user_ip_minutes', '15'),
    ('login_throttle_user_failures', '50'),
    ('login_throttle_user_minutes', '60'),
    ('login_throttle_ip_failures', '100'),
    ('login_throttle_ip_minutes', '15'),
    ('argon2_memory_kib', '19456'),
    ('argon2_iterations', '2'),
    ('argon2_parallelism', '1');
