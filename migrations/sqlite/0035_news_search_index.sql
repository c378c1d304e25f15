-- Indexed news search (SQLite): an FTS5 table with the trigram tokenizer over `news.search_text`
-- (external content: the text is not stored twice), which answers "this folded word occurs anywhere"
-- as `LIKE '%word%'` did, without reading every article. Its rows are numbered by `listing_key`,
-- `-(add_date × 2^30 + id)`, which sorts as lists do, so the index hands matches over newest first. The
-- server keeps both in step in the same transaction as every write to an article (NewsSearchIndex).
-- Where the title and the summary end in the search text (relevance order) is written by the server:
-- rows from before this migration get it from the news clock, a batch each tick; until then
-- relevance counts their words as body words.
ALTER TABLE news ADD COLUMN search_title_end INTEGER;
ALTER TABLE news ADD COLUMN search_summary_end INTEGER;
ALTER TABLE news ADD COLUMN listing_key INTEGER;
UPDATE news SET listing_key = -(add_date * 1073741824 + id);
CREATE UNIQUE INDEX news_listing_key ON news (listing_key);
CREATE INDEX news_search_missing ON news (id) WHERE search_summary_end IS NULL;

CREATE VIRTUAL TABLE news_search USING fts5(search_text, content = 'news', content_rowid = 'listing_key', tokenize = 'trigram');
-- In key order, not FTS5's 'rebuild' (which reads rows by ID): FTS5 writes out what it holds each
-- time a row number comes lower than the last, and rows in any other order made it 4 to 10 times slower.
INSERT INTO news_search (rowid, search_text) SELECT listing_key, search_text FROM news WHERE search_text IS NOT NULL ORDER BY listing_key;

-- A search now costs what a list costs: the default limit per client network rises with it (README).
UPDATE config SET value = '600' WHERE name = 'news_search_per_minute' AND value = '60';
