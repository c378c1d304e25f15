-- Galleries for bench/galleries.sh (SQLite): 100 library images (their rows only: answers never read
-- bytes), a top-level gallery `big` of :count validated items in order (each one of the images, with a
-- caption and a credit) and a gallery `small` of 20, written as the server writes them.
CREATE TEMP TABLE bench_size AS SELECT CAST(:count AS INTEGER) AS n, CAST(strftime('%s', 'now') AS INTEGER) AS now;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
INSERT INTO media (id, content_hash, name, media_type, width, height, has_alpha, byte_count, added_at)
SELECT i, printf('%064x', i), 'photo-' || i, 'jpeg', 1200, 900, 0, 100000, (SELECT now FROM bench_size) FROM n;
INSERT INTO galleries (id, name, parent_id, title, description, cover_media_id, add_date, edit_date)
SELECT 1, 'big', NULL, 'Big', 'Every photo', 1, now, now FROM bench_size
UNION ALL SELECT 2, 'small', NULL, 'Small', 'A few photos', 2, now, now FROM bench_size;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < (SELECT n FROM bench_size))
INSERT INTO gallery_items (id, gallery_id, position, media_id, video_id, caption, credit, validated, submitter_id, add_date)
SELECT i, 1, i, i % 100 + 1, NULL, 'Photo ' || i, 'Desk', 1, NULL, (SELECT now FROM bench_size) FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
INSERT INTO gallery_items (id, gallery_id, position, media_id, video_id, caption, credit, validated, submitter_id, add_date)
SELECT (SELECT n FROM bench_size) + i, 2, i, i % 100 + 1, NULL, 'Photo ' || i, 'Desk', 1, NULL, (SELECT now FROM bench_size) FROM n;
ANALYZE;
