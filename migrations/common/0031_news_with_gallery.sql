-- The articles with a gallery, in list order: the Floki Gallery tab and the app data's check for one
-- walk only them (the condition is the one the queries carry).
CREATE INDEX news_with_gallery ON news (add_date, id) WHERE gallery NOT IN ('', '[]');
