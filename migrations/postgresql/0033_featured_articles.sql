-- Featured articles (MIT News apps' top strip, `featured` in the news API), listed newest first by
-- their own index. Changes are announced by the news table's existing trigger.
ALTER TABLE news ADD COLUMN featured BOOLEAN NOT NULL DEFAULT FALSE;
CREATE INDEX news_featured ON news (featured, add_date, id);
