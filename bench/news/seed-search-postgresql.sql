-- Articles of realistic size for bench/search.sh (PostgreSQL): the same articles as
-- seed-search-sqlite.sql (4,000 made-up words, 2,000 paragraphs, about 3 KB of text an article;
-- "harbour" in every second summary, "zanzibarite" in article 42 alone, "qqxqzv" nowhere).
-- :count is set by the script. The search index is built after (bench/search.sh times it): it is
-- dropped first, as the rows load faster without it.
DROP INDEX news_search;
CREATE TEMP TABLE syllables AS
SELECT i, substr('ba be bi bo bu ca co da de di do fa fe fi ga go ka ke la le li lo ma me mi mo na ne no pa pe po ra re ri ro sa se ta te ', i * 3 + 1, 2) AS s
FROM generate_series(0, 39) i;
CREATE TEMP TABLE vocabulary AS
SELECT k, (SELECT s FROM syllables WHERE i = k % 40) || (SELECT s FROM syllables WHERE i = (k / 40) % 40)
    || (SELECT s FROM syllables WHERE i = (k * 7 + 3) % 40) || CASE WHEN k % 3 = 0 THEN 'n' WHEN k % 3 = 1 THEN 'r' ELSE '' END AS w
FROM generate_series(0, 3999) k;
CREATE TEMP TABLE paragraphs AS
SELECT p.i AS p, string_agg(v.w, ' ' ORDER BY j.i) AS text
FROM generate_series(0, 1999) p(i) CROSS JOIN generate_series(0, 99) j(i)
JOIN vocabulary v ON v.k = (p.i::BIGINT * 7919 + j.i * 104729 + j.i * j.i * 31) % 4000 GROUP BY p.i;
CREATE INDEX ON paragraphs (p);

INSERT INTO news (category_id, title, summary, article, author, validated, add_date, listed, announced,
    search_text, search_title_end, search_summary_end, search_words, render_due)
SELECT category, title, summary, body, 'Bench desk', TRUE, EXTRACT(EPOCH FROM now())::BIGINT - (:count - i) * 60, TRUE, TRUE,
    lower(title) || ' ' || summary || ' ' || body || ' bench desk', length(title), length(title) + 1 + length(summary),
    trim(CASE WHEN i < 100 THEN i::TEXT ELSE '' END || CASE WHEN i % 9 = 0 THEN ' eu' ELSE '' END), 0
FROM (
    SELECT i, c.id AS category, 'Story ' || i || ' ' || substr(p1.text, 1, 24) AS title,
        substr(p2.text, 200, 120) || CASE WHEN i % 2 = 0 THEN ' harbour' ELSE '' END || CASE WHEN i % 9 = 0 THEN ' eu' ELSE '' END AS summary,
        p1.text || ' ' || p2.text || ' ' || p3.text || ' ' || p4.text || CASE WHEN i = 42 THEN ' zanzibarite' ELSE '' END AS body
    FROM generate_series(1, :count) i
    JOIN paragraphs p1 ON p1.p = (i * 31) % 2000 JOIN paragraphs p2 ON p2.p = (i * 17 + 5) % 2000
    JOIN paragraphs p3 ON p3.p = (i * 13 + 11) % 2000 JOIN paragraphs p4 ON p4.p = (i * 7 + 3) % 2000
    JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k FROM news_categories) c ON c.k = i % 7
) a;
INSERT INTO news_changes (resource_type, resource_id, changed_at) SELECT 'news', id, add_date FROM news ORDER BY add_date, id;
VACUUM ANALYZE;
