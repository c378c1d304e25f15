-- 100,000 shown articles in 20 categories (the 7 a new site has and 13 more), one a minute back from
-- now, each with a moniker, its search text and short words and a change-log row, as if written
-- through content/commandr_fs before formats existed (`text`, their rendering made per request by the
-- text rule, none due) (SQLite).
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 13)
INSERT INTO news_categories (label, edited_at) SELECT 'Bench ' || i, CAST(strftime('%s', 'now') AS INTEGER) FROM n;
INSERT INTO resource_ids (resource_type, resource_id, moniker, label, guid)
SELECT 'news_category', id, 'bench-' || id, label, lower(hex(randomblob(16))) FROM news_categories WHERE label LIKE 'Bench %';

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100000)
INSERT INTO news (category_id, title, summary, article, author, validated, add_date, listed, announced, search_text,
    search_title_end, search_summary_end, search_words, render_due)
SELECT c.id, 'Story ' || i, 'The summary of story ' || i || ', one or two sentences as apps list them.',
    'The body of story ' || i || '. ' || replace(hex(zeroblob(600)), '00', 'text '), 'Bench desk', 1,
    CAST(strftime('%s', 'now') AS INTEGER) - (100000 - i) * 60, 1, 1, 'story ' || i, length('story ' || i), length('story ' || i) + 1,
    CASE WHEN i < 100 THEN CAST(i AS TEXT) ELSE '' END, 0
FROM n JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = i % 20;
INSERT INTO resource_ids (resource_type, resource_id, moniker, label, guid)
SELECT 'news', id, 'story-' || id, title, lower(hex(randomblob(16))) FROM news;
UPDATE news SET listing_key = -(add_date * 1073741824 + id);
INSERT INTO news_search (rowid, search_text) SELECT listing_key, search_text FROM news ORDER BY listing_key;
INSERT INTO news_words (rowid, search_words) SELECT listing_key, search_words FROM news ORDER BY listing_key;
INSERT INTO news_changes (resource_type, resource_id, changed_at) SELECT 'news', id, add_date FROM news ORDER BY add_date, id;
ANALYZE;
