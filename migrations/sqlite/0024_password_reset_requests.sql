-- Lost-password requests wait here for the reset worker, which looks the account up and mails its
-- link: answering a request then costs the same for an account that exists and one that does not.
CREATE TABLE password_reset_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    login TEXT NOT NULL,
    requested_at BIGINT NOT NULL,
    request_id TEXT NOT NULL DEFAULT ''
);
