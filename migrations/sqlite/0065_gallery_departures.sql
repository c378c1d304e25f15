-- What left a gallery (issue 65): an item removed, hidden (no longer validated) or taken with its
-- library file, and a gallery moved elsewhere or deleted, recorded with the gallery it left so an app
-- holding it can be told (Floki's `to_delete`). Triggers write it, so no path — the editor, the
-- library's cascades, a gallery's deletion — is missed. `subject` is 'item' or 'gallery'.
CREATE TABLE gallery_departures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    gallery_id BIGINT NOT NULL,
    subject VARCHAR(8) NOT NULL,
    subject_id BIGINT NOT NULL
);
CREATE INDEX gallery_departures_by_gallery ON gallery_departures (gallery_id, subject, subject_id);

CREATE TRIGGER gallery_item_removed AFTER DELETE ON gallery_items
BEGIN
    INSERT INTO gallery_departures (gallery_id, subject, subject_id) VALUES (OLD.gallery_id, 'item', OLD.id);
END;

CREATE TRIGGER gallery_item_hidden AFTER UPDATE OF validated ON gallery_items
WHEN OLD.validated <> 0 AND NEW.validated = 0
BEGIN
    INSERT INTO gallery_departures (gallery_id, subject, subject_id) VALUES (OLD.gallery_id, 'item', OLD.id);
END;

CREATE TRIGGER gallery_removed AFTER DELETE ON galleries
WHEN OLD.parent_id IS NOT NULL
BEGIN
    INSERT INTO gallery_departures (gallery_id, subject, subject_id) VALUES (OLD.parent_id, 'gallery', OLD.id);
END;

CREATE TRIGGER gallery_moved AFTER UPDATE OF parent_id ON galleries
WHEN OLD.parent_id IS NOT NULL AND (NEW.parent_id IS NULL OR NEW.parent_id <> OLD.parent_id)
BEGIN
    INSERT INTO gallery_departures (gallery_id, subject, subject_id) VALUES (OLD.parent_id, 'gallery', OLD.id);
END;
