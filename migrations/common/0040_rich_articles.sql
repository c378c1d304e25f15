-- Rich articles: an article's text (summary and body) has a format, `text` (every article so far, and
-- writers that name none), `markdown` or `comcode`, and is rendered once, when it is written, into the
-- HTML every app and page shows and the plain text search indexes. `body_images` lists the media
-- library's images the body shows, as gallery entries are stored (their versions for each device).
--
-- `render_due` marks rows whose rendering is still to be made (every row from before this migration)
-- or made again (a later migration that changes what the renderer makes sets it on every row): the news
-- clock renders them a batch each tick, search text included (which the short-word backfill of 0038 did
-- alone), and `endpoint news rerender` renders them all at once. Until then a `text` article is served
-- by the same rule from its source, byte for byte what a rendered one shows.
ALTER TABLE news ADD COLUMN text_format VARCHAR(16) NOT NULL DEFAULT 'text';
ALTER TABLE news ADD COLUMN body_html TEXT;
ALTER TABLE news ADD COLUMN body_text TEXT;
ALTER TABLE news ADD COLUMN summary_html TEXT;
ALTER TABLE news ADD COLUMN summary_text TEXT;
ALTER TABLE news ADD COLUMN body_images TEXT NOT NULL DEFAULT '[]';
ALTER TABLE news ADD COLUMN render_due INTEGER NOT NULL DEFAULT 1;
DROP INDEX news_search_missing;
CREATE INDEX news_render_due ON news (id) WHERE render_due = 1;
