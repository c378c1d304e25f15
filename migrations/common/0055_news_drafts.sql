-- Nothing typed in the editor is lost (issue 64): the editor keeps what a member is typing in an
-- article (0 for one not yet saved) every few seconds and when the page is left, one draft per member
-- and article, until they save it or discard it. `fields` is the editor's form as JSON text: typing
-- need not yet be a valid article.
CREATE TABLE news_drafts (
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    news_id BIGINT NOT NULL,
    saved_at BIGINT NOT NULL,
    fields TEXT NOT NULL,
    PRIMARY KEY (member_id, news_id)
);
