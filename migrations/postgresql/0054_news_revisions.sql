-- Every save of an article is a revision (issue 64): who saved it, when, and what the editor's fields
-- held afterwards, copied from `news` in the transaction of the save. An article keeps its newest
-- `news_revisions_kept`; its revisions go with it.
CREATE TABLE news_revisions (
    id BIGSERIAL PRIMARY KEY,
    news_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE,
    member_id BIGINT,
    saved_at BIGINT NOT NULL,
    category_id BIGINT NOT NULL,
    title TEXT NOT NULL,
    summary TEXT NOT NULL,
    article TEXT NOT NULL,
    author TEXT NOT NULL,
    validated BOOLEAN NOT NULL,
    image TEXT NOT NULL,
    image_width INTEGER,
    image_height INTEGER,
    image_variants TEXT NOT NULL,
    image_caption TEXT NOT NULL,
    image_credit TEXT NOT NULL,
    notes TEXT NOT NULL,
    expires_at BIGINT,
    external_url TEXT NOT NULL,
    gallery TEXT NOT NULL,
    featured BOOLEAN NOT NULL,
    text_format VARCHAR(16) NOT NULL,
    video_id BIGINT
);
CREATE INDEX news_revisions_article ON news_revisions (news_id, id);

INSERT INTO config (name, value) VALUES ('news_revisions_kept', '50');
