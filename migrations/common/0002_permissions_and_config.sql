-- Group membership, privileges, access lists and configuration (same SQL on both engines).
-- IDs are BIGINT: an integer on SQLite, matching the BIGINT identity columns on PostgreSQL.

CREATE TABLE group_members (
    group_id BIGINT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, member_id)
);
CREATE INDEX group_members_member ON group_members (member_id);

CREATE TABLE privileges (
    name TEXT PRIMARY KEY
);

CREATE TABLE group_privileges (
    group_id BIGINT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    privilege TEXT NOT NULL REFERENCES privileges (name) ON DELETE CASCADE,
    PRIMARY KEY (group_id, privilege)
);

CREATE TABLE member_privileges (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    privilege TEXT NOT NULL REFERENCES privileges (name) ON DELETE CASCADE,
    active_until BIGINT,
    PRIMARY KEY (member_id, privilege)
);

CREATE TABLE zones (
    name TEXT PRIMARY KEY
);

CREATE TABLE group_zone_access (
    group_id BIGINT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    zone TEXT NOT NULL REFERENCES zones (name) ON DELETE CASCADE,
    PRIMARY KEY (group_id, zone)
);

CREATE TABLE member_zone_access (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    zone TEXT NOT NULL REFERENCES zones (name) ON DELETE CASCADE,
    active_until BIGINT,
    PRIMARY KEY (member_id, zone)
);

-- Page access lists are deny lists, as in Composr.
CREATE TABLE group_page_access (
    group_id BIGINT NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
    page TEXT NOT NULL,
    PRIMARY KEY (group_id, page)
);

CREATE TABLE member_page_access (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    page TEXT NOT NULL,
    active_until BIGINT,
    PRIMARY KEY (member_id, page)
);

CREATE TABLE config (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

INSERT INTO group_members (group_id, member_id) VALUES (1, 1);
