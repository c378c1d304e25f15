-- Members and groups (SQLite).
-- Timestamps are Unix seconds; booleans are 0/1 and always bound from Swift, never written as literals in hooks.

CREATE TABLE groups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    is_super_admin INTEGER NOT NULL DEFAULT 0,
    is_super_moderator INTEGER NOT NULL DEFAULT 0,
    is_default INTEGER NOT NULL DEFAULT 0,
    is_presented_at_install INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX groups_name_key ON groups (lower(name));

CREATE TABLE members (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL,
    email TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL DEFAULT '',
    validated INTEGER NOT NULL DEFAULT 1,
    email_confirmed INTEGER NOT NULL DEFAULT 1,
    banned INTEGER NOT NULL DEFAULT 0,
    join_time BIGINT NOT NULL,
    last_visit_time BIGINT NOT NULL,
    primary_group_id INTEGER NOT NULL REFERENCES groups (id),
    timezone TEXT NOT NULL DEFAULT 'UTC',
    language TEXT NOT NULL DEFAULT 'EN',
    dob TEXT,
    reveal_age INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX members_username_key ON members (lower(username));
CREATE UNIQUE INDEX members_email_key ON members (lower(email)) WHERE email <> '';

INSERT INTO groups (id, name, is_super_admin, is_super_moderator, is_default, is_presented_at_install) VALUES
    (1, 'Guests', 0, 0, 0, 0),
    (2, 'Administrators', 1, 0, 0, 0),
    (3, 'Super-moderators', 0, 1, 0, 0),
    (4, 'Members', 0, 0, 1, 1);

INSERT INTO members (id, username, email, password_hash, validated, email_confirmed, banned, join_time, last_visit_time, primary_group_id)
    VALUES (1, 'Guest', '', '', 1, 1, 0, 0, 0, 1);
