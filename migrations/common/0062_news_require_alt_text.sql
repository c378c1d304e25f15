-- Alternative text required before publishing (issue 64): with `news_require_alt_text` on, an article
-- is published only when every library image it shows has the alternative text kept once per image
-- in the media library. Off by default: a moved site's images have none yet.
INSERT INTO config (name, value) VALUES ('news_require_alt_text', '0');
