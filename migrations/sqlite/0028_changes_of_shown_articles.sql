-- Whether the resource a change-log row is about was ever shown up to that change: sync and Floki
-- name as deleted only articles that were shown once (a draft never shown stays unknown to apps), and
-- Floki resolves `h` and `o` only to such articles. Rows from before count as shown unless the
-- article exists and was never listed nor announced.
ALTER TABLE news_changes ADD COLUMN was_shown INTEGER NOT NULL DEFAULT 0;
UPDATE news_changes SET was_shown = 1
WHERE resource_type <> 'news'
    OR NOT EXISTS (SELECT 1 FROM news n WHERE n.id = news_changes.resource_id AND n.listed = 0 AND n.announced = 0);
