-- Resumable video uploads (issue 63, the tus 1.0 protocol): an upload is created with its length,
-- then its bytes arrive in any number of requests, on any instance, each continuing where the last
-- one was recorded. The bytes live in the media store (incoming/uploads/<key>/, one file per part:
-- a request's bytes, so two connections never write one file); a row is what makes them count.
CREATE TABLE video_uploads (
    -- SHA-256 (hex) of the upload's token: the token is in its URL, and only its hash is kept.
    key TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL,
    length BIGINT NOT NULL,
    -- Bytes received and recorded (flushed to disk first): where the next request continues.
    received BIGINT NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    caption TEXT NOT NULL DEFAULT '',
    credit TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    -- media_upload_hours after the last bytes arrived: then the upload and its bytes are removed.
    expires_at BIGINT NOT NULL,
    -- The part a request is writing now, and when it last recorded bytes: another request may take
    -- the upload over from a writer silent for a while (a phone whose connection died unnoticed).
    writer TEXT,
    heard_at BIGINT,
    -- The video the bytes became, once all arrived and passed the checks.
    video_id BIGINT REFERENCES videos (id) ON DELETE CASCADE
);
CREATE INDEX video_uploads_expiry ON video_uploads (expires_at);
-- An upload's parts in order: part `writer` holds the bytes from `start` to the next part's start (or
-- to `received`); bytes a request wrote past what it recorded are never read.
CREATE TABLE video_upload_parts (
    upload_key TEXT NOT NULL REFERENCES video_uploads (key) ON DELETE CASCADE,
    start BIGINT NOT NULL,
    writer TEXT NOT NULL,
    PRIMARY KEY (upload_key, start)
);
INSERT INTO config (name, value) VALUES ('media_upload_hours', '24');
