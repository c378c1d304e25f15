-- Tagged articles for bench/tags.sh (SQLite): :count shown articles, one a minute back from now, in the
-- 7 categories a new site has, short texts (the tags' lists read no body). 1,000 tags `tag-0`…`tag-999`,
-- each on every thousandth article (article i carries `tag-<i mod 1000>`), and `common` on every second
-- one: a tag of a thousand articles and one of half the site. Written as the server writes them, each
-- article's date repeated on its tags' rows.
CREATE TEMP TABLE bench_size AS SELECT CAST(:count AS INTEGER) AS n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT n FROM bench_size))
INSERT INTO news (id, category_id, title, summary, article, author, validated, add_date, listed, announced,
    search_text, search_title_end, search_summary_end, listing_key, search_words, render_due)
SELECT i, c.id, 'Story ' || i, 'The summary of story ' || i || '.', 'The body of story ' || i || '.', 'Bench desk', 1, added, 1, 1,
    'story ' || i, 0, 0, -(added * 1073741824 + i), '', 0
FROM (SELECT i, CAST(strftime('%s', 'now') AS INTEGER) - ((SELECT n FROM bench_size) - i) * 60 AS added FROM n) a
JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = a.i % 7;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 999)
INSERT INTO news_tags (id, moniker, label) SELECT i + 1, 'tag-' || i, 'Tag ' || i FROM n;
INSERT INTO news_tags (id, moniker, label) VALUES (1001, 'common', 'Common');
INSERT INTO news_article_tags (news_id, tag_id, position, add_date) SELECT id, id % 1000 + 1, 0, add_date FROM news;
INSERT INTO news_article_tags (news_id, tag_id, position, add_date) SELECT id, 1001, 1, add_date FROM news WHERE id % 2 = 0;
INSERT INTO news_changes (resource_type, resource_id, changed_at) SELECT 'news', id, add_date FROM news ORDER BY add_date, id;
ANALYZE;
