-- Tagged articles for bench/tags.sh (PostgreSQL), as seed-sqlite.sql makes them: :count shown
-- articles with short texts, `tag-<i mod 1000>` on each and `common` on every second one. The search
-- index is dropped first (loading a million rows into it is bench/search.sh's subject, not this one's).
DROP INDEX news_search;
INSERT INTO news (id, category_id, title, summary, article, author, validated, add_date, listed, announced,
    search_text, search_title_end, search_summary_end, search_words, render_due)
SELECT i, c.id, 'Story ' || i, 'The summary of story ' || i || '.', 'The body of story ' || i || '.', 'Bench desk', TRUE,
    EXTRACT(EPOCH FROM now())::BIGINT - (:count - i) * 60, TRUE, TRUE, 'story ' || i, 0, 0, '', 0
FROM generate_series(1, :count) i
JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = i % 7;
SELECT setval(pg_get_serial_sequence('news', 'id'), :count);
INSERT INTO news_tags (id, moniker, label) SELECT i + 1, 'tag-' || i, 'Tag ' || i FROM generate_series(0, 999) i;
INSERT INTO news_tags (id, moniker, label) VALUES (1001, 'common', 'Common');
SELECT setval(pg_get_serial_sequence('news_tags', 'id'), 1001);
INSERT INTO news_article_tags (news_id, tag_id, position, add_date) SELECT id, id % 1000 + 1, 0, add_date FROM news;
INSERT INTO news_article_tags (news_id, tag_id, position, add_date) SELECT id, 1001, 1, add_date FROM news WHERE id % 2 = 0;
INSERT INTO news_changes (resource_type, resource_id, changed_at) SELECT 'news', id, add_date FROM news ORDER BY add_date, id;
VACUUM ANALYZE;
