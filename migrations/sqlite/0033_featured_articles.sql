-- Featured articles (MIT News apps' top strip, `featured` in the news API), listed newest first by
-- their own index. (PostgreSQL's 0033 is the same with a boolean.)
ALTER TABLE news ADD COLUMN featured INTEGER NOT NULL DEFAULT 0;
CREATE INDEX news_featured ON news (featured, add_date, id);
