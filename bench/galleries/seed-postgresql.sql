-- Galleries for bench/galleries.sh (PostgreSQL): 100 library images (their rows only: answers never
-- read bytes), a top-level gallery `big` of :count validated items in order (each one of the images,
-- with a caption and a credit) and a gallery `small` of 20, written as the server writes them.
INSERT INTO media (id, content_hash, name, media_type, width, height, has_alpha, byte_count, added_at)
SELECT i, lpad(to_hex(i), 64, '0'), 'photo-' || i, 'jpeg', 1200, 900, 0, 100000, extract(epoch FROM now())::bigint FROM generate_series(1, 100) i;
INSERT INTO galleries (id, name, parent_id, title, description, cover_media_id, add_date, edit_date) VALUES
    (1, 'big', NULL, 'Big', 'Every photo', 1, extract(epoch FROM now())::bigint, extract(epoch FROM now())::bigint),
    (2, 'small', NULL, 'Small', 'A few photos', 2, extract(epoch FROM now())::bigint, extract(epoch FROM now())::bigint);
INSERT INTO gallery_items (id, gallery_id, position, media_id, video_id, caption, credit, validated, submitter_id, add_date)
SELECT i, 1, i, i % 100 + 1, NULL, 'Photo ' || i, 'Desk', 1, NULL, extract(epoch FROM now())::bigint FROM generate_series(1, :count) i;
INSERT INTO gallery_items (id, gallery_id, position, media_id, video_id, caption, credit, validated, submitter_id, add_date)
SELECT :count + i, 2, i, i % 100 + 1, NULL, 'Photo ' || i, 'Desk', 1, NULL, extract(epoch FROM now())::bigint FROM generate_series(1, 20) i;
SELECT setval('media_id_seq', 100), setval('galleries_id_seq', 2), setval('gallery_items_id_seq', :count + 20);
ANALYZE;
