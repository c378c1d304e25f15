-- Live news streams (content/news `live`): heartbeat interval, how many streams an instance and a
-- client network may hold, and how many of the latest changes are kept for slow readers.
INSERT INTO config (name, value) VALUES ('news_live_heartbeat_seconds', '15');
INSERT INTO config (name, value) VALUES ('news_live_streams', '10000');
INSERT INTO config (name, value) VALUES ('news_live_streams_per_network', '50');
INSERT INTO config (name, value) VALUES ('news_live_backlog', '2000');
