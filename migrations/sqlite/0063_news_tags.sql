-- Tags (issue 65): short labels an article carries, one tag however it is typed (its moniker is the
-- label folded: case and accents aside), each with a page and an app feed. Composr's news keywords
-- (`seo_meta_keywords`) arrive as tags. `add_date` repeats the article's, so a tag's articles are
-- read newest first along `news_article_tags_listing` (an index walk, not a sort of the tag's
-- articles); the writer keeps it in step when an article's date changes.
CREATE TABLE news_tags (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    moniker VARCHAR(100) NOT NULL UNIQUE,
    label TEXT NOT NULL
);

CREATE TABLE news_article_tags (
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    tag_id BIGINT NOT NULL REFERENCES news_tags (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    add_date BIGINT NOT NULL,
    PRIMARY KEY (news_id, tag_id)
);
CREATE INDEX news_article_tags_listing ON news_article_tags (tag_id, add_date, news_id);
