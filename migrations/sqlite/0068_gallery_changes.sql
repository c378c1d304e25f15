-- What changed in the galleries, for `content/galleries` `id=changes&since=<token>` (issue 65), as
-- `news_changes` is for news: one numbered row per gallery and per item written (made, edited,
-- moved, reordered, hidden, deleted; an item's video made ready; a library image's alt text), only
-- each subject's latest row kept, so a client catching up reads each once and looks at it as it is
-- now. Triggers write it, so no path — the editor, commandr_fs, the import, the library's cascades —
-- is missed. A gallery's row carries its name then: a renamed gallery leaves a row under its old
-- name too, which readers answer as gone. (SQLite has one writer at a time: numbers are drawn in
-- commit order.) SQLite's triggers cannot call a function: they record through the view
-- `gallery_change_records`, whose one trigger keeps a subject's latest row only.
CREATE TABLE gallery_changes (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO gallery_sync (database_id) VALUES (lower(hex(randomblob(8))));

CREATE VIEW gallery_change_records AS SELECT subject, subject_id, gallery_name FROM gallery_changes;

CREATE TRIGGER gallery_change_recorded INSTEAD OF INSERT ON gallery_change_records
BEGIN
    DELETE FROM gallery_changes WHERE subject = NEW.subject AND subject_id = NEW.subject_id AND gallery_name = NEW.gallery_name;
    INSERT INTO gallery_changes (subject, subject_id, gallery_name, changed_at)
    VALUES (NEW.subject, NEW.subject_id, NEW.gallery_name, CAST(strftime('%s', 'now') AS INTEGER));
END;

CREATE TRIGGER gallery_added AFTER INSERT ON galleries
BEGIN
    INSERT INTO gallery_change_records VALUES ('gallery', NEW.id, NEW.name);
END;

CREATE TRIGGER gallery_renamed AFTER UPDATE OF name ON galleries
WHEN OLD.name <> NEW.name
BEGIN
    INSERT INTO gallery_change_records VALUES ('gallery', OLD.id, OLD.name);
END;

CREATE TRIGGER gallery_edited AFTER UPDATE ON galleries
BEGIN
    INSERT INTO gallery_change_records VALUES ('gallery', NEW.id, NEW.name);
END;

CREATE TRIGGER gallery_deleted AFTER DELETE ON galleries
BEGIN
    INSERT INTO gallery_change_records VALUES ('gallery', OLD.id, OLD.name);
END;

CREATE TRIGGER gallery_words_added AFTER INSERT ON gallery_translations
BEGIN
    INSERT INTO gallery_change_records SELECT 'gallery', id, name FROM galleries WHERE id = NEW.gallery_id;
END;

CREATE TRIGGER gallery_words_edited AFTER UPDATE ON gallery_translations
BEGIN
    INSERT INTO gallery_change_records SELECT 'gallery', id, name FROM galleries WHERE id = NEW.gallery_id;
END;

CREATE TRIGGER gallery_words_removed AFTER DELETE ON gallery_translations
BEGIN
    INSERT INTO gallery_change_records SELECT 'gallery', id, name FROM galleries WHERE id = OLD.gallery_id;
END;

-- An item of a gallery being deleted is not recorded (its gallery is gone, and said so).
CREATE TRIGGER gallery_item_added AFTER INSERT ON gallery_items
BEGIN
    INSERT INTO gallery_change_records SELECT 'item', NEW.id, name FROM galleries WHERE id = NEW.gallery_id;
END;

CREATE TRIGGER gallery_item_edited AFTER UPDATE ON gallery_items
BEGIN
    INSERT INTO gallery_change_records SELECT 'item', NEW.id, name FROM galleries WHERE id = NEW.gallery_id;
END;

CREATE TRIGGER gallery_item_deleted AFTER DELETE ON gallery_items
BEGIN
    INSERT INTO gallery_change_records SELECT 'item', OLD.id, name FROM galleries WHERE id = OLD.gallery_id;
END;

-- What an item shows changed without the item being written: its video became ready (or failed),
-- or its library image's alt text changed (a gallery's cover's too).
CREATE TRIGGER gallery_video_changed AFTER UPDATE OF state ON videos
WHEN OLD.state IS NOT NEW.state
BEGIN
    INSERT INTO gallery_change_records
    SELECT 'item', i.id, g.name FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE i.video_id = NEW.id;
END;

CREATE TRIGGER gallery_image_changed AFTER UPDATE OF alt_text ON media
WHEN OLD.alt_text IS NOT NEW.alt_text
BEGIN
    INSERT INTO gallery_change_records
    SELECT 'item', i.id, g.name FROM gallery_items i JOIN galleries g ON g.id = i.gallery_id WHERE i.media_id = NEW.id;
    INSERT INTO gallery_change_records SELECT 'gallery', id, name FROM galleries WHERE cover_media_id = NEW.id;
END;
