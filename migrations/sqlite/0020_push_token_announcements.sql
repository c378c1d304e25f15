-- Push token announcements: nothing on SQLite, whose one instance forgets the tokens it moves or
-- removes itself; PostgreSQL's 0020 announces them to every instance.
SELECT 1;
