-- Push registrations that add a token are counted per client network and per member in fixed hourly
-- windows (`rate_windows`: one row per action, subject and hour, so counting costs one upsert however
-- many registrations a network makes); tokens not seen for `push_token_retention_days` are swept.
CREATE TABLE rate_windows (
    action TEXT NOT NULL,
    subject TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    used INTEGER NOT NULL,
    PRIMARY KEY (action, subject, window_start)
);
CREATE INDEX rate_windows_start ON rate_windows (window_start);
CREATE INDEX device_tokens_last_seen ON device_tokens (last_seen_at);

INSERT INTO config (name, value) VALUES
    ('push_tokens_per_ip_per_hour', '1000'),
    ('push_tokens_per_member_per_hour', '20'),
    ('push_token_retention_days', '270');
