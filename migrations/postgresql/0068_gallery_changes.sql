-- What changed in the galleries, for `content/galleries` `id=changes&since=<token>` (issue 65), as
-- `news_changes` is for news: one numbered row per gallery and per item written (made, edited,
-- moved, reordered, hidden, deleted; an item's video made ready; a library image's alt text), only
-- each subject's latest row kept, so a client catching up reads each once and looks at it as it is
-- now. Triggers write it, so no path — the editor, commandr_fs, the import, the library's cascades —
-- is missed. A gallery's row carries its name then: a renamed gallery leaves a row under its old
-- name too, which readers answer as gone.
--
-- Rows must become visible in the order of their numbers, or a reader could pass a number still
-- uncommitted and never see it: every statement writing a gallery table first takes the advisory
-- lock "galleryl" (held to the end of its transaction), before it locks any row, and only then are
-- numbers drawn.
CREATE TABLE gallery_changes (
    seq BIGSERIAL PRIMARY KEY,
    subject VARCHAR(8) NOT NULL,
    subject_id BIGINT NOT NULL,
    gallery_name VARCHAR(80) NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX gallery_changes_latest ON gallery_changes (subject, subject_id, gallery_name);
CREATE INDEX gallery_changes_by_time ON gallery_changes (changed_at);

-- This database's identity in tokens, and the highest number the retention sweep removed.
CREATE TABLE gallery_sync (
    database_id VARCHAR(32) NOT NULL,
    swept_through BIGINT NOT NULL DEFAULT 0
);
INSERT INTO gallery_sync (database_id) VALUES (substr(md5(random()::TEXT || clock_timestamp()::TEXT), 1, 16));

CREATE FUNCTION gallery_changes_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(7449354471461779820);
    RETURN NULL;
END
$$;

CREATE FUNCTION gallery_change(p_subject TEXT, p_id BIGINT, p_name TEXT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(7449354471461779820);
    DELETE FROM gallery_changes WHERE subject = p_subject AND subject_id = p_id AND gallery_name = p_name;
    INSERT INTO gallery_changes (subject, subject_id, gallery_name, changed_at)
    VALUES (p_subject, p_id, p_name, EXTRACT(EPOCH FROM now())::BIGINT);
END
$$;

CREATE TRIGGER gallery_changes_locked BEFORE INSERT OR UPDATE OR DELETE ON galleries
FOR EACH STATEMENT EXECUTE FUNCTION gallery_changes_lock();
CREATE TRIGGER gallery_changes_locked BEFORE INSERT OR UPDATE OR DELETE ON gallery_translations
FOR EACH STATEMENT EXECUTE FUNCTION gallery_changes_lock();
CREATE TRIGGER gallery_changes_locked BEFORE INSERT OR UPDATE OR DELETE ON gallery_items
FOR EACH STATEMENT EXECUTE FUNCTION gallery_changes_lock();

CREATE FUNCTION gallery_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        PERFORM gallery_change('gallery', OLD.id, OLD.name);
        RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.name <> NEW.name THEN
        PERFORM gallery_change('gallery', OLD.id, OLD.name);
    END IF;
    PERFORM gallery_change('gallery', NEW.id, NEW.name);
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_changed AFTER INSERT OR UPDATE OR DELETE ON galleries
FOR EACH ROW EXECUTE FUNCTION gallery_written();

CREATE FUNCTION gallery_words_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM gallery_change('gallery', g.id, g.name) FROM galleries g
    WHERE g.id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.gallery_id ELSE NEW.gallery_id END);
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_words_changed AFTER INSERT OR UPDATE OR DELETE ON gallery_translations
FOR EACH ROW EXECUTE FUNCTION gallery_words_written();

-- An item of a gallery being deleted is not recorded (its gallery is gone, and said so).
CREATE FUNCTION gallery_item_written() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    item gallery_items;
BEGIN
    IF TG_OP = 'DELETE' THEN item := OLD; ELSE item := NEW; END IF;
    PERFORM gallery_change('item', item.id, g.name) FROM galleries g WHERE g.id = item.gallery_id;
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_item_changed AFTER INSERT OR UPDATE OR DELETE ON gallery_items
FOR EACH ROW EXECUTE FUNCTION gallery_item_written();

-- What an item shows changed without the item being written: its video became ready (or failed),
-- or its library image's alt text changed (a gallery's cover's too).
CREATE FUNCTION gallery_video_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM gallery_change('item', i.id, g.name) FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE i.video_id = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_video_changed AFTER UPDATE OF state ON videos
FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION gallery_video_written();

CREATE FUNCTION gallery_image_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM gallery_change('item', i.id, g.name) FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE i.media_id = NEW.id;
    PERFORM gallery_change('gallery', g.id, g.name) FROM galleries g WHERE g.cover_media_id = NEW.id;
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_image_changed AFTER UPDATE OF alt_text ON media
FOR EACH ROW WHEN (OLD.alt_text IS DISTINCT FROM NEW.alt_text) EXECUTE FUNCTION gallery_image_written();
