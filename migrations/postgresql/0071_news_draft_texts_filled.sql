-- The drafts kept before autosaves carried changes (0070): each field of a draft's JSON becomes one
-- part, the draft at keep 1 (the editor's next change is made on it).
-- A NUL typed is kept as U+FFFD (PostgreSQL's text holds none; one scalar for one, so spans still fit):
-- its JSON escape is replaced where a backslash begins it (after an even run of backslashes).
INSERT INTO news_draft_texts (member_id, news_id, name, part, length, value)
SELECT d.member_id, d.news_id, f.key, 1048576, length(f.value), f.value FROM news_drafts d, json_each_text(regexp_replace(d.fields, '(?<!\\)((?:\\\\)*)\\u0000', '\1\\ufffd', 'g')::json) f;

ALTER TABLE news_drafts DROP COLUMN fields;
ALTER TABLE news_drafts ADD COLUMN kept BIGINT NOT NULL DEFAULT 1;
