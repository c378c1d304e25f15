-- Uploaded videos (issue 63): a kind of the media library beside images. Unlike an image, a video's
-- bytes live in the media store (`--media-store`, a folder every instance shares), under
-- videos/<content_hash>/, checked by ffprobe before a row is written; a row is what makes a file
-- there count (a file without one is a leftover of a crash, never served). A video is its bytes: the
-- same upload twice is one video.
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
    -- 'queued', 'processing' (with progress, 0 to 100), 'ready' or 'failed' (with the reason).
    state TEXT NOT NULL DEFAULT 'queued',
    progress INTEGER NOT NULL DEFAULT 0,
    failure TEXT NOT NULL DEFAULT '',
    -- Once ready: the folder of videos/<content_hash>/ holding what the apps play, and the poster
    -- frame, an image of the library (so every device's size of it exists).
    made_folder TEXT,
    poster_media_id BIGINT REFERENCES media (id),
    caption TEXT NOT NULL DEFAULT '',
    credit TEXT NOT NULL DEFAULT '',
    added_by BIGINT,
    added_at BIGINT NOT NULL
);
-- Every file made for a video, by its path below the video's folder: what may be served. A file is
-- listed only once it is whole (written in a work folder, renamed into place before this row).
CREATE TABLE video_files (
    video_id BIGINT NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
    path TEXT NOT NULL,
    byte_count BIGINT NOT NULL,
    PRIMARY KEY (video_id, path)
);
-- The durable job making a video's files, one per video, leased to one instance at a time as the
-- outboxes' rows are (a dead instance's job is taken back; only the lease holder may finish it).
CREATE TABLE video_jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    video_id BIGINT NOT NULL UNIQUE REFERENCES videos (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL DEFAULT 'queued',
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    lease_owner TEXT,
    lease_until BIGINT,
    last_error TEXT NOT NULL DEFAULT '',
    sent_at BIGINT
);
CREATE INDEX video_jobs_due ON video_jobs (status, next_attempt_at);
INSERT INTO config (name, value) VALUES
    ('video_max_bytes', '2147483648'),
    ('video_max_seconds', '10800'),
    ('video_workers', '1');
