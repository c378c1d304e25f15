-- IDs are never given again: nothing to do on PostgreSQL, whose identity columns draw from sequences
-- that never go back. SQLite's 0027 rebuilds its tables as AUTOINCREMENT ones.
SELECT 1;
