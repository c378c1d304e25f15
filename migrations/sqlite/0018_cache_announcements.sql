-- Cache announcements: nothing on SQLite. An SQLite database has one server instance, which evicts
-- its own caches when it commits a change; PostgreSQL's 0018 announces changes to every instance.
SELECT 1;
