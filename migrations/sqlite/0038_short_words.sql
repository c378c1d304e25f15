-- Words of one or two characters ("AI", "EU", "5G") are searched as whole words: the trigram index
-- cannot look them up, and found anywhere they would match "said". The server writes each article's
-- short words into `news.search_words` (distinct, joined by spaces) with its search text, and this FTS5
-- table indexes them, numbered by `listing_key` like `news_search` (newest first) and keeping no
-- positions. Its tokenizer only needs to part the words at the spaces (`ascii`: every other character
-- the server kept is a letter, a mark or a digit). Rows from before this migration get their short words
-- from the news clock, a batch each tick (the partial index below finds them); until then a short word
-- does not find them.
ALTER TABLE news ADD COLUMN search_words TEXT;
DROP INDEX news_search_missing;
CREATE INDEX news_search_missing ON news (id) WHERE search_words IS NULL;
CREATE VIRTUAL TABLE news_words USING fts5(search_words, content = 'news', content_rowid = 'listing_key', tokenize = 'ascii', detail = 'none');
