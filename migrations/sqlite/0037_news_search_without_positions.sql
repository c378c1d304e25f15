-- The SQLite search index keeps which rows hold each trigram, not where (FTS5 `detail = 'none'`), as
-- PostgreSQL's `pg_trgm` index does: a searched word is looked up as all of its trigrams and checked
-- with `LIKE` on the rows found (NewsSearchStore), which is the same meaning as before. Positions made
-- the index 2.4 times larger (10.7 against 4.5 KB an article at 100,000 articles of 3 KB) and its
-- build 3 times slower, for no search it serves: they only spared the check of a page's rows.
DROP TABLE news_search;
CREATE VIRTUAL TABLE news_search USING fts5(
    search_text, content = 'news', content_rowid = 'listing_key', tokenize = 'trigram', detail = 'none');
-- Built in key order, not by FTS5's 'rebuild' (which reads rows by ID): FTS5 writes out what it holds
-- each time a row number comes lower than the last, and rows in any other order made it 4 to 10 times
-- slower. It also writes out what it holds, and merges that with what it wrote before, each time its
-- pending terms pass `hashsize` (1 MB by default): at 1,000,000 articles the build then did not finish
-- in 35 minutes; with 256 MB it took 8 to 9.5 (and half the time at 100,000). Set back to the default
-- afterwards, so a large write later holds no more than before.
INSERT INTO news_search (news_search, rank) VALUES ('hashsize', 268435456);
INSERT INTO news_search (rowid, search_text) SELECT listing_key, search_text FROM news WHERE search_text IS NOT NULL ORDER BY listing_key;
INSERT INTO news_search (news_search, rank) VALUES ('hashsize', 1048576);
