-- The public news API (SQLite): category order, article expiry, external stories, image metadata and
-- galleries; the change log incremental sync reads; what the change log last said about each article
-- (`listed`) and whether its publication was announced by push (`announced`).

ALTER TABLE news_categories ADD COLUMN position INTEGER NOT NULL DEFAULT 0;

ALTER TABLE news ADD COLUMN expires_at BIGINT;
ALTER TABLE news ADD COLUMN external_url TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN image_width INTEGER;
ALTER TABLE news ADD COLUMN image_height INTEGER;
ALTER TABLE news ADD COLUMN image_caption TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN image_credit TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN image_variants TEXT NOT NULL DEFAULT '{}';
ALTER TABLE news ADD COLUMN gallery TEXT NOT NULL DEFAULT '[]';
-- Title, summary, body and author folded for search (lower case, no accents); written by the server,
-- so rows from before this migration get theirs from its first news clock ticks.
ALTER TABLE news ADD COLUMN search_text TEXT;
ALTER TABLE news ADD COLUMN listed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE news ADD COLUMN announced INTEGER NOT NULL DEFAULT 0;

UPDATE news SET listed = CASE WHEN validated = 1 AND add_date <= CAST(strftime('%s', 'now') AS INTEGER) THEN 1 ELSE 0 END;
UPDATE news SET announced = listed;

DROP INDEX news_category;
-- Covering for the per-category count (validated, expiry) as well as ordered per-category lists.
CREATE INDEX news_category ON news (category_id, add_date, id, validated, expires_at);
CREATE INDEX news_listing ON news (add_date, id);
CREATE INDEX news_expiry ON news (expires_at);
CREATE INDEX news_unannounced ON news (announced, add_date);

CREATE TABLE news_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    resource_type TEXT NOT NULL,
    resource_id BIGINT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX news_changes_time ON news_changes (changed_at);
CREATE INDEX news_changes_resource ON news_changes (resource_type, resource_id);

-- One row: this database's identity (sync tokens from another database are refused), the highest
-- change the retention sweep removed, and the time up to which visibility changes by the clock
-- (an add_date reached, an expiry passed) were recorded.
CREATE TABLE news_sync (
    database_id TEXT NOT NULL,
    swept_through BIGINT NOT NULL DEFAULT 0,
    reconciled_through BIGINT NOT NULL
);
INSERT INTO news_sync (database_id, reconciled_through) VALUES (lower(hex(randomblob(8))), CAST(strftime('%s', 'now') AS INTEGER));

INSERT INTO news_changes (resource_type, resource_id, changed_at)
SELECT 'news_category', id, edited_at FROM news_categories ORDER BY id;
INSERT INTO news_changes (resource_type, resource_id, changed_at)
SELECT 'news', id, COALESCE(edit_date, add_date) FROM news WHERE listed = 1 ORDER BY add_date, id;

INSERT INTO config (name, value) VALUES
    ('news_max_age_seconds', '60'),
    ('news_sync_retention_days', '90'),
    ('news_push_on_publish', '0'),
    ('news_search_per_minute', '60');
