-- Byline names that stand for a member though they are not the member's username (issue 64): what
-- Composr's `authors` table says of an author (`member_id`), brought by the import, so a byline such
-- as "The Desk" links the member Composr linked it to. `name_key` is the name in lower case (the
-- server folds it: one name however it is typed); a byline name with no row here links the member of
-- that username, as before.
CREATE TABLE news_author_members (
    name_key VARCHAR(255) PRIMARY KEY,
    name VARCHAR(255) NOT NULL,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE
);
