-- Uploaded images (issue 30). The originals live in the database, so one backup holds the site and
-- every instance serves every image; the versions made from them are each instance's disk cache.
-- An image is its bytes: `content_hash` (SHA-256, hex) is unique, so the same upload twice is one image,
-- and its URLs carry it.
CREATE TABLE media (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    content_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    media_type TEXT NOT NULL,
    -- Upright: as shown once the EXIF orientation is applied.
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    has_alpha INTEGER NOT NULL,
    byte_count BIGINT NOT NULL,
    caption TEXT NOT NULL DEFAULT '',
    credit TEXT NOT NULL DEFAULT '',
    alt_text TEXT NOT NULL DEFAULT '',
    added_by BIGINT,
    added_at BIGINT NOT NULL
);
-- Apart from the listing's columns, so that listing and looking up images never reads their bytes.
CREATE TABLE media_originals (
    media_id BIGINT PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
    bytes BLOB NOT NULL
);
-- Which articles show which images (their `image` or a `gallery` entry): an image in use is not deleted.
CREATE TABLE news_media (
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    media_id BIGINT NOT NULL REFERENCES media (id),
    PRIMARY KEY (news_id, media_id)
);
CREATE INDEX news_media_by_media ON news_media (media_id);
INSERT INTO config (name, value) VALUES
    ('media_max_bytes', '20000000'),
    ('media_max_pixels', '50000000'),
    ('media_cache_mb', '1024');
