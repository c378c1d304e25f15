-- The categories an article is filed in besides its own (`category_id`), as Composr files an article
-- in several (its `news_category_entries`): the article is listed in each. Kept by
-- `endpoint import composr` (same SQL on both engines).

CREATE TABLE news_other_categories (
    category_id BIGINT NOT NULL REFERENCES news_categories (id) ON DELETE CASCADE,
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    PRIMARY KEY (category_id, news_id)
);
CREATE INDEX news_other_categories_news ON news_other_categories (news_id);
