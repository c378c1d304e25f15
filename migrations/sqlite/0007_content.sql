-- Content served to apps and administered through content/commandr_fs (SQLite): staff messages from
-- contact_us, news categories and articles.

CREATE TABLE staff_messages (
    id INTEGER PRIMARY KEY,
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
CREATE INDEX staff_messages_time ON staff_messages (created_at);

CREATE TABLE news_categories (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL,
    notes TEXT NOT NULL DEFAULT '',
    rep_image TEXT NOT NULL DEFAULT '',
    owner_id BIGINT REFERENCES members (id) ON DELETE SET NULL,
    edited_at BIGINT NOT NULL
);

CREATE TABLE news (
    id INTEGER PRIMARY KEY,
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
    notes TEXT NOT NULL DEFAULT ''
);
CREATE INDEX news_category ON news (category_id, add_date);
