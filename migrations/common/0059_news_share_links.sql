-- Share links (issue 64): the reader's page of a draft as it was when shared, readable without an
-- account by whoever holds the link's token until it expires (`news_share_link_days`) or is revoked.
-- Only the token's SHA-256 is kept, as `key`; an unsaved new article's link has no `news_id`.
CREATE TABLE news_share_links (
    key TEXT PRIMARY KEY,
    news_id BIGINT REFERENCES news (id) ON DELETE CASCADE,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    page_html TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX news_share_links_article ON news_share_links (news_id, member_id);

INSERT INTO config (name, value) VALUES ('news_share_link_days', '7');
