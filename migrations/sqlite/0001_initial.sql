-- Members, groups, permissions and configuration (SQLite).
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

CREATE TABLE group_members (
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, member_id)
);
CREATE INDEX group_members_member ON group_members (member_id);

CREATE TABLE privileges (
    name TEXT PRIMARY KEY
);

CREATE TABLE group_privileges (
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    privilege TEXT NOT NULL REFERENCES privileges (name) ON DELETE CASCADE,
    PRIMARY KEY (group_id, privilege)
);

CREATE TABLE member_privileges (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    privilege TEXT NOT NULL REFERENCES privileges (name) ON DELETE CASCADE,
    active_until BIGINT,
    PRIMARY KEY (member_id, privilege)
);

CREATE TABLE zones (
    name TEXT PRIMARY KEY
);

CREATE TABLE group_zone_access (
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    zone TEXT NOT NULL REFERENCES zones (name) ON DELETE CASCADE,
    PRIMARY KEY (group_id, zone)
);

CREATE TABLE member_zone_access (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    zone TEXT NOT NULL REFERENCES zones (name) ON DELETE CASCADE,
    active_until BIGINT,
    PRIMARY KEY (member_id, zone)
);

-- Page access lists are deny lists, as in Composr.
CREATE TABLE group_page_access (
    group_id INTEGER NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    page TEXT NOT NULL,
    PRIMARY KEY (group_id, page)
);

CREATE TABLE member_page_access (
    member_id INTEGER NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    page TEXT NOT NULL,
    active_until BIGINT,
    PRIMARY KEY (member_id, page)
);

CREATE TABLE config (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

INSERT INTO groups (id, name, is_super_admin, is_super_moderator, is_default, is_presented_at_install) VALUES
    (1, 'Guests', 0, 0, 0, 0),
    (2, 'Administrators', 1, 0, 0, 0),
    (3, 'Super-moderators', 0, 1, 0, 0),
    (4, 'Members', 0, 0, 1, 1);

INSERT INTO members (id, username, email, password_hash, validated, email_confirmed, banned, join_time, last_visit_time, primary_group_id)
    VALUES (1, 'Guest', '', '', 1, 1, 0, 0, 0, 1);
INSERT INTO group_members (group_id, member_id) VALUES (1, 1);
