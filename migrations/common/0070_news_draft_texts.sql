-- Autosaves carry what changed since the last one (issue 64): a draft's fields are kept in parts of a
-- few thousand Unicode scalars (`length` of each), numbered far apart (`part`) in their order, so an
-- autosave splicing a word into a megabyte body rewrites the part it falls in, and the parts it makes
-- fit between their neighbours' numbers. `news_drafts.kept` (0071) numbers a member's keeps of one
-- draft: an autosave names the keep it was made on, and one made on another (a second device kept
-- since) is refused and sent whole. A field kept before comes through as one part (0071).
CREATE TABLE news_draft_texts (
    member_id BIGINT NOT NULL,
    news_id BIGINT NOT NULL,
    name VARCHAR(80) NOT NULL,
    part BIGINT NOT NULL,
    length BIGINT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (member_id, news_id, name, part),
    FOREIGN KEY (member_id, news_id) REFERENCES news_drafts (member_id, news_id) ON DELETE CASCADE
);
