-- Nothing to do on PostgreSQL: `pg_trgm`'s GIN index keeps no positions (SQLite's 0037 rebuilds its
-- FTS5 index without them). Numbered so both engines count their migrations alike.
SELECT 1;
