-- Whether the resource a change-log row is about was ever shown up to that change: sync and Floki
-- name as deleted only articles that were shown once (a draft never shown stays unknown to apps), and
-- Floki resolves `h` and `o` only to such articles. Rows from before count as shown unless the
-- article exists and was never listed nor announced.
ALTER TABLE news_changes ADD COLUMN was_shown BOOLEAN NOT NULL DEFAULT FALSE;
UPDATE news_changes SET was_shown = TRUE
WHERE resource_type <> 'news'
    OR NOT EXISTS (SELECT 1 FROM news n WHERE n.id = news_changes.resource_id AND NOT n.listed AND NOT n.announced);
