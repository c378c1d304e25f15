-- An article's video (issue 63): its main media beside the image, a video of the library. The apps
-- and the page read the video's state and files from `videos` at once; a video shown by an article
-- cannot be deleted.
ALTER TABLE news ADD COLUMN video_id BIGINT REFERENCES videos (id);
CREATE INDEX news_video ON news (video_id);
