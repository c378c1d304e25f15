-- Edit locks (issue 64): who is editing an article, since when, and when their editor last said so
-- (opening it, each autosave). Another member opening it is told; taking it over is their explicit
-- choice, recorded in the console's changes, and the first holder learns it at their next autosave.
CREATE TABLE news_edit_locks (
    news_id BIGINT PRIMARY KEY REFERENCES news (id) ON DELETE CASCADE,
    member_id BIGINT NOT NULL REFERENCES members (id) ON DELETE CASCADE,
    since BIGINT NOT NULL,
    seen_at BIGINT NOT NULL
);
