-- Indexed news search (PostgreSQL): pg_trgm's GIN index over `news.search_text`, which answers
-- `search_text LIKE '%word%'` for words of three characters or more without reading every article,
-- and is kept by PostgreSQL with every write. pg_trgm is a trusted extension: the database's owner
-- may create it. Building the index blocks writes to `news` (not reads) while it runs (README).
-- Where the title and the summary end in the search text (relevance order) is written by the
-- server: rows from before this migration get it from the news clock, a batch each tick; until then
-- relevance counts their words as body words.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
ALTER TABLE news ADD COLUMN search_title_end INTEGER;
ALTER TABLE news ADD COLUMN search_summary_end INTEGER;
CREATE INDEX news_search_missing ON news (id) WHERE search_summary_end IS NULL;
CREATE INDEX news_search ON news USING gin (search_text gin_trgm_ops);

-- A search now costs what a list costs: the default limit per client network rises with it (README).
UPDATE config SET value = '600' WHERE name = 'news_search_per_minute' AND value = '60';
