-- Words of one or two characters ("AI", "EU", "5G") are searched as whole words: `pg_trgm` cannot look
-- them up, and found anywhere they would match "said". The server writes each article's short words
-- into `news.search_words` (distinct, joined by spaces) with its search text; a GIN index of them as an
-- array answers `string_to_array(search_words, ' ') @> ARRAY[...]`. Rows from before this migration get
-- their short words from the news clock, a batch each tick (the partial index below finds them); until
-- then a short word does not find them.
ALTER TABLE news ADD COLUMN search_words TEXT;
DROP INDEX news_search_missing;
CREATE INDEX news_search_missing ON news (id) WHERE search_words IS NULL;
CREATE INDEX news_words ON news USING gin (string_to_array(search_words, ' '));
