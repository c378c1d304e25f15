-- IDs are never given again (SQLite): a table whose key is a bare INTEGER PRIMARY KEY gives the next
-- row max(id) + 1, so once the newest member, article or message was deleted the next one took its
-- ID, and an app's cache, a push payload or a log line naming that ID then named someone else.
-- AUTOINCREMENT tables remember the largest ID they ever had (sqlite_sequence); a table cannot be
-- altered into one, so each is rebuilt the way SQLite documents it (lang_altertable.html, "making
-- other kinds of table schema changes"), with foreign keys off so that dropping the old table
-- cascades into nothing and the tables that refer to it name the new one: created under another
-- name, filled, the old one dropped, the new one renamed, its indexes made again. The migrator checks
-- every reference before it commits. Articles and categories continue after the largest ID the news
-- change log still names, in case the newest ones were deleted before.
-- migrate: foreign keys off

CREATE TABLE groups_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    is_super_admin INTEGER NOT NULL DEFAULT 0,
    is_super_moderator INTEGER NOT NULL DEFAULT 0,
    is_default INTEGER NOT NULL DEFAULT 0,
    is_presented_at_install INTEGER NOT NULL DEFAULT 0
);
INSERT INTO groups_rebuilt (id, name, is_super_admin, is_super_moderator, is_default, is_presented_at_install)
SELECT id, name, is_super_admin, is_super_moderator, is_default, is_presented_at_install FROM groups ORDER BY id;
DROP TABLE groups;
ALTER TABLE groups_rebuilt RENAME TO groups;
CREATE UNIQUE INDEX groups_name_key ON groups (lower(name));

CREATE TABLE members_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    reveal_age INTEGER NOT NULL DEFAULT 0,
    legacy_salt TEXT NOT NULL DEFAULT '',
    signature TEXT NOT NULL DEFAULT ''
);
INSERT INTO members_rebuilt (id, username, email, password_hash, validated, email_confirmed, banned, join_time, last_visit_time, primary_group_id, timezone, language, dob, reveal_age, legacy_salt, signature)
SELECT id, username, email, password_hash, validated, email_confirmed, banned, join_time, last_visit_time, primary_group_id, timezone, language, dob, reveal_age, legacy_salt, signature FROM members ORDER BY id;
DROP TABLE members;
ALTER TABLE members_rebuilt RENAME TO members;
CREATE UNIQUE INDEX members_username_key ON members (lower(username));
CREATE UNIQUE INDEX members_email_key ON members (lower(email)) WHERE email <> '';

CREATE TABLE mail_outbox_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    sent_at BIGINT,
    request_id TEXT NOT NULL DEFAULT '',
    secret TEXT
);
INSERT INTO mail_outbox_rebuilt (id, message_id, recipient, reply_to, subject, text_body, html_body, created_at, status, attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, request_id, secret)
SELECT id, message_id, recipient, reply_to, subject, text_body, html_body, created_at, status, attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, request_id, secret FROM mail_outbox ORDER BY id;
DROP TABLE mail_outbox;
ALTER TABLE mail_outbox_rebuilt RENAME TO mail_outbox;
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);

CREATE TABLE staff_messages_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT REFERENCES members (id) ON DELETE SET NULL,
    name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    title TEXT NOT NULL DEFAULT '',
    category TEXT NOT NULL DEFAULT '',
    post TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'new'
);
INSERT INTO staff_messages_rebuilt (id, member_id, name, email, title, category, post, ip, created_at, status)
SELECT id, member_id, name, email, title, category, post, ip, created_at, status FROM staff_messages ORDER BY id;
DROP TABLE staff_messages;
ALTER TABLE staff_messages_rebuilt RENAME TO staff_messages;
CREATE INDEX staff_messages_time ON staff_messages (created_at);

CREATE TABLE news_categories_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    label TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    rep_image TEXT NOT NULL DEFAULT '',
    owner_id BIGINT REFERENCES members (id) ON DELETE SET NULL,
    edited_at BIGINT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
);
INSERT INTO news_categories_rebuilt (id, label, notes, rep_image, owner_id, edited_at, position)
SELECT id, label, notes, rep_image, owner_id, edited_at, position FROM news_categories ORDER BY id;
DROP TABLE news_categories;
ALTER TABLE news_categories_rebuilt RENAME TO news_categories;

CREATE TABLE news_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    category_id BIGINT NOT NULL REFERENCES news_categories (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    summary TEXT NOT NULL DEFAULT '',
    article TEXT NOT NULL DEFAULT '',
    author TEXT NOT NULL DEFAULT '',
    validated INTEGER NOT NULL DEFAULT 1,
    image TEXT NOT NULL DEFAULT '',
    submitter_id BIGINT REFERENCES members (id) ON DELETE SET NULL,
    add_date BIGINT NOT NULL,
    edit_date BIGINT,
    views BIGINT NOT NULL DEFAULT 0,
    allow_rating INTEGER NOT NULL DEFAULT 1,
    allow_comments INTEGER NOT NULL DEFAULT 1,
    notes TEXT NOT NULL DEFAULT '',
    expires_at BIGINT,
    external_url TEXT NOT NULL DEFAULT '',
    image_width INTEGER,
    image_height INTEGER,
    image_caption TEXT NOT NULL DEFAULT '',
    image_credit TEXT NOT NULL DEFAULT '',
    image_variants TEXT NOT NULL DEFAULT '{}',
    gallery TEXT NOT NULL DEFAULT '[]',
    search_text TEXT,
    listed INTEGER NOT NULL DEFAULT 0,
    announced INTEGER NOT NULL DEFAULT 0
);
INSERT INTO news_rebuilt (id, category_id, title, summary, article, author, validated, image, submitter_id, add_date, edit_date, views, allow_rating, allow_comments, notes, expires_at, external_url, image_width, image_height, image_caption, image_credit, image_variants, gallery, search_text, listed, announced)
SELECT id, category_id, title, summary, article, author, validated, image, submitter_id, add_date, edit_date, views, allow_rating, allow_comments, notes, expires_at, external_url, image_width, image_height, image_caption, image_credit, image_variants, gallery, search_text, listed, announced FROM news ORDER BY id;
DROP TABLE news;
ALTER TABLE news_rebuilt RENAME TO news;
CREATE INDEX news_category ON news (category_id, add_date, id, validated, expires_at);
CREATE INDEX news_listing ON news (add_date, id);
CREATE INDEX news_expiry ON news (expires_at);
CREATE INDEX news_unannounced ON news (announced, add_date);

CREATE TABLE device_tokens_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token TEXT NOT NULL,
    platform TEXT NOT NULL,
    member_id BIGINT REFERENCES members (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL
);
INSERT INTO device_tokens_rebuilt (id, token, platform, member_id, created_at, last_seen_at)
SELECT id, token, platform, member_id, created_at, last_seen_at FROM device_tokens ORDER BY id;
DROP TABLE device_tokens;
ALTER TABLE device_tokens_rebuilt RENAME TO device_tokens;
CREATE UNIQUE INDEX device_tokens_token_key ON device_tokens (platform, token);
CREATE INDEX device_tokens_member ON device_tokens (member_id);
CREATE INDEX device_tokens_last_seen ON device_tokens (last_seen_at);

CREATE TABLE push_outbox_rebuilt (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
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
    sent_at BIGINT,
    request_id TEXT NOT NULL DEFAULT ''
);
INSERT INTO push_outbox_rebuilt (id, platform, token, payload, created_at, status, attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, request_id)
SELECT id, platform, token, payload, created_at, status, attempts, next_attempt_at, lease_owner, lease_until, last_error, sent_at, request_id FROM push_outbox ORDER BY id;
DROP TABLE push_outbox;
ALTER TABLE push_outbox_rebuilt RENAME TO push_outbox;
CREATE INDEX push_outbox_due ON push_outbox (status, next_attempt_at);

UPDATE sqlite_sequence SET seq = max(seq, COALESCE((SELECT max(resource_id) FROM news_changes WHERE resource_type = 'news'), 0))
WHERE name = 'news';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'news', COALESCE((SELECT max(resource_id) FROM news_changes WHERE resource_type = 'news'), 0)
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'news');
UPDATE sqlite_sequence SET seq = max(seq, COALESCE((SELECT max(resource_id) FROM news_changes WHERE resource_type = 'news_category'), 0))
WHERE name = 'news_categories';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'news_categories', COALESCE((SELECT max(resource_id) FROM news_changes WHERE resource_type = 'news_category'), 0)
WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'news_categories');
