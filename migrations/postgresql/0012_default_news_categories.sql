-- The news categories Composr's installer creates, so that apps and admin scripts find somewhere to
-- post on a new site (PostgreSQL). Each gets a moniker (its folder in content/commandr_fs) and a
-- random GUID, as any category does. Only on a site without categories: an existing site keeps its own.

INSERT INTO news_categories (label, edited_at)
SELECT d.label, EXTRACT(EPOCH FROM now())::BIGINT
FROM (VALUES (1, 'General'), (2, 'Technology'), (3, 'Difficulties'), (4, 'Community'), (5, 'Entertainment'), (6, 'Business'), (7, 'Art'))
    AS d (position, label)
WHERE NOT EXISTS (SELECT 1 FROM news_categories)
ORDER BY d.position;

INSERT INTO resource_ids (resource_type, resource_id, moniker, label, guid)
SELECT 'news_category', c.id, lower(c.label), c.label, gen_random_uuid()::TEXT
FROM news_categories c
WHERE c.label IN ('General', 'Technology', 'Difficulties', 'Community', 'Entertainment', 'Business', 'Art')
    AND NOT EXISTS (
        SELECT 1 FROM resource_ids r
        WHERE r.resource_type = 'news_category' AND (r.resource_id = c.id OR r.moniker = lower(c.label))
    );
