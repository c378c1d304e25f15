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

-- Filled for the rows already there by migration 0037, which replaces it by an index without
-- positions: building this one first cost a site upgrading past both 90 s at 100,000 articles for nothing.
CREATE VIRTUAL TABLE news_search USING fts5(search_text, content = 'news', content_rowid = 'listing_key', tokenize = 'trigram');

-- A search now costs what a list costs: the default limit per client network rises with it (README).
UPDATE config SET value = '600' WHERE name = 'news_search_per_minute' AND value = '60';
