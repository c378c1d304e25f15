-- Articles of realistic size for bench/search.sh (SQLite): :count shown articles (set by the script
-- as the first statement's literal), one a minute back from now, in the 7 categories a new site has.
-- Text is made of 4,000 made-up words: 2,000 paragraphs of 100 words each, four paragraphs per body
-- (about 2.7 KB), a title of four words and a summary of twenty, about 3 KB of text an article. Every
-- second article's summary says "harbour" (a word matching half the site), article 42 alone says
-- "zanzibarite" (one old article), no article says "qqxqzv"; every ninth article's summary says "eu"
-- (a short word, whole: `search_words` holds it, and the story's number when it has one or two digits). Each article's ID is its number and its
-- listing key is written with it (NewsSearchIndex.listingKey); the search index is built after
-- (bench/search.sh times it). They are `text` articles with no rendering due (served by the text rule).
CREATE TEMP TABLE syllables AS
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 39)
SELECT i, substr('ba be bi bo bu ca co da de di do fa fe fi ga go ka ke la le li lo ma me mi mo na ne no pa pe po ra re ri ro sa se ta te ', i * 3 + 1, 2) AS s FROM n;
CREATE TEMP TABLE vocabulary AS
WITH RECURSIVE n(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM n WHERE k < 3999)
SELECT k, (SELECT s FROM syllables WHERE i = k % 40) || (SELECT s FROM syllables WHERE i = (k / 40) % 40)
    || (SELECT s FROM syllables WHERE i = (k * 7 + 3) % 40) || CASE WHEN k % 3 = 0 THEN 'n' WHEN k % 3 = 1 THEN 'r' ELSE '' END AS w FROM n;
CREATE TEMP TABLE paragraphs AS
WITH RECURSIVE p(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM p WHERE i < 1999),
    j(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM j WHERE i < 99)
SELECT p.i AS p, group_concat(v.w, ' ') AS text
FROM p JOIN j JOIN vocabulary v ON v.k = (p.i * 7919 + j.i * 104729 + j.i * j.i * 31) % 4000 GROUP BY p.i;
CREATE TEMP TABLE bench_size AS SELECT CAST(:count AS INTEGER) AS n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT n FROM bench_size)),
    a AS (
        SELECT i, c.id AS category, 'Story ' || i || ' ' || substr(p1.text, 1, 24) AS title,
            substr(p2.text, 200, 120) || CASE WHEN i % 2 = 0 THEN ' harbour' ELSE '' END || CASE WHEN i % 9 = 0 THEN ' eu' ELSE '' END AS summary,
            p1.text || ' ' || p2.text || ' ' || p3.text || ' ' || p4.text || CASE WHEN i = 42 THEN ' zanzibarite' ELSE '' END AS body
        FROM n
        JOIN paragraphs p1 ON p1.p = (i * 31) % 2000 JOIN paragraphs p2 ON p2.p = (i * 17 + 5) % 2000
        JOIN paragraphs p3 ON p3.p = (i * 13 + 11) % 2000 JOIN paragraphs p4 ON p4.p = (i * 7 + 3) % 2000
        JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = i % 7
    )
INSERT INTO news (id, category_id, title, summary, article, author, validated, add_date, listed, announced,
    search_text, search_title_end, search_summary_end, listing_key, search_words, render_due)
SELECT i, category, title, summary, body, 'Bench desk', 1, added, 1, 1,
    lower(title) || ' ' || summary || ' ' || body || ' bench desk', length(title), length(title) + 1 + length(summary),
    -(added * 1073741824 + i), trim(CASE WHEN i < 100 THEN CAST(i AS TEXT) ELSE '' END || CASE WHEN i % 9 = 0 THEN ' eu' ELSE '' END), 0
FROM (SELECT a.*, CAST(strftime('%s', 'now') AS INTEGER) - ((SELECT n FROM bench_size) - i) * 60 AS added FROM a);
INSERT INTO news_changes (resource_type, resource_id, changed_at) SELECT 'news', id, add_date FROM news ORDER BY add_date, id;
ANALYZE;
