-- 100,000 shown articles in 20 categories (the 7 a new site has and 13 more), one a minute back from
-- now, each with a moniker, its search text and short words and a change-log row, as if written
-- through content/commandr_fs before formats existed (`text`, their rendering made per request by the
-- text rule, none due) (PostgreSQL).
INSERT INTO news_categories (label, edited_at) SELECT 'Bench ' || i, EXTRACT(EPOCH FROM now())::BIGINT FROM generate_series(1, 13) i;
INSERT INTO resource_ids (resource_type, resource_id, moniker, label, guid)
SELECT 'news_category', id, 'bench-' || id, label, gen_random_uuid()::TEXT FROM news_categories WHERE label LIKE 'Bench %';

INSERT INTO news (category_id, title, summary, article, author, validated, add_date, listed, announced, search_text,
    search_title_end, search_summary_end, search_words, render_due)
SELECT c.id, 'Story ' || i, 'The summary of story ' || i || ', one or two sentences as apps list them.',
    'The body of story ' || i || '. ' || repeat('text ', 600), 'Bench desk', TRUE,
    EXTRACT(EPOCH FROM now())::BIGINT - (100000 - i) * 60, TRUE, TRUE, 'story ' || i, length('story ' || i), length('story ' || i) + 1,
    CASE WHEN i < 100 THEN i::TEXT ELSE '' END, 0
FROM generate_series(1, 100000) i JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = i % 20;
INSERT INTO resource_ids (resource_type, resource_id, moniker, label, guid)
SELECT 'news', id, 'story-' || id, title, gen_random_uuid()::TEXT FROM news;
INSERT INTO news_changes (resource_type, resource_id, changed_at) SELECT 'news', id, add_date FROM news ORDER BY add_date, id;
ANALYZE;
