-- Uploaded videos (issue 63): a kind of the media library beside images. Unlike an image, a video's
-- bytes live in the media store (`--media-store`, a folder every instance shares), under
-- videos/<content_hash>/, checked by ffprobe before a row is written; the row is what makes a file
-- there count (a file without a row is a leftover of a crash). A video is its bytes: the same upload
-- twice is one video.
CREATE TABLE videos (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    content_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    -- 'mp4' (MP4 and QuickTime) or 'matroska' (Matroska and WebM), told by the file's content.
    container TEXT NOT NULL,
    -- Upright: as shown once a phone's rotation is applied.
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    duration_ms BIGINT NOT NULL,
    has_sound INTEGER NOT NULL,
    byte_count BIGINT NOT NULL,
    -- 'queued' until what the apps play is made from it.
    state TEXT NOT NULL DEFAULT 'queued',
    caption TEXT NOT NULL DEFAULT '',
    credit TEXT NOT NULL DEFAULT '',
    added_by BIGINT,
    added_at BIGINT NOT NULL
);
INSERT INTO config (name, value) VALUES
    ('video_max_bytes', '2147483648'),
    ('video_max_seconds', '10800');
