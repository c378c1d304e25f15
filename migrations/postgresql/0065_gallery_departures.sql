-- What left a gallery (issue 65): an item removed, hidden (no longer validated) or taken with its
-- library file, and a gallery moved elsewhere or deleted, recorded with the gallery it left so an app
-- holding it can be told (Floki's `to_delete`). Triggers write it, so no path — the editor, the
-- library's cascades, a gallery's deletion — is missed. `subject` is 'item' or 'gallery'.
CREATE TABLE gallery_departures (
    id BIGSERIAL PRIMARY KEY,
    gallery_id BIGINT NOT NULL,
    subject VARCHAR(8) NOT NULL,
    subject_id BIGINT NOT NULL
);
CREATE INDEX gallery_departures_by_gallery ON gallery_departures (gallery_id, subject, subject_id);

CREATE FUNCTION gallery_item_departed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO gallery_departures (gallery_id, subject, subject_id) VALUES (OLD.gallery_id, 'item', OLD.id);
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_item_removed AFTER DELETE ON gallery_items
FOR EACH ROW EXECUTE FUNCTION gallery_item_departed();

CREATE TRIGGER gallery_item_hidden AFTER UPDATE OF validated ON gallery_items
FOR EACH ROW WHEN (OLD.validated <> 0 AND NEW.validated = 0) EXECUTE FUNCTION gallery_item_departed();

CREATE FUNCTION gallery_departed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO gallery_departures (gallery_id, subject, subject_id) VALUES (OLD.parent_id, 'gallery', OLD.id);
    RETURN NULL;
END
$$;

CREATE TRIGGER gallery_removed AFTER DELETE ON galleries
FOR EACH ROW WHEN (OLD.parent_id IS NOT NULL) EXECUTE FUNCTION gallery_departed();

CREATE TRIGGER gallery_moved AFTER UPDATE OF parent_id ON galleries
FOR EACH ROW WHEN (OLD.parent_id IS NOT NULL AND NEW.parent_id IS DISTINCT FROM OLD.parent_id) EXECUTE FUNCTION gallery_departed();
