-- Search engines' and link previews' view of an article (issue 64): a title and a description in
-- place of the article's own (Composr's `seo_meta` description is imported), and a social image in
-- place of its picture; empty means the article's own. Revisions keep them as every text field.
ALTER TABLE news ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
ALTER TABLE news ADD COLUMN social_image TEXT NOT NULL DEFAULT '';
ALTER TABLE news_revisions ADD COLUMN seo_title TEXT NOT NULL DEFAULT '';
ALTER TABLE news_revisions ADD COLUMN seo_description TEXT NOT NULL DEFAULT '';
ALTER TABLE news_revisions ADD COLUMN social_image TEXT NOT NULL DEFAULT '';
