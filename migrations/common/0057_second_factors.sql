-- Two-factor sign-in for the console (issue 64): a member's TOTP key (RFC 6238), kept once a code
-- from it was given (`confirmed_at`), with the last time step a code was taken for (no replay), and
-- their single-use recovery codes as SHA-256 hashes. `console_require_second_factor` makes
-- administrators set one up before anything else in the console.
CREATE TABLE member_second_factors (
    member_id BIGINT PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
    secret TEXT NOT NULL,
    confirmed_at BIGINT,
    last_step BIGINT NOT NULL
);
CREATE TABLE member_recovery_codes (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    code_hash VARCHAR(64) NOT NULL,
    PRIMARY KEY (member_id, code_hash)
);

INSERT INTO config (name, value) VALUES ('console_require_second_factor', '0');
