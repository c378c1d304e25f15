-- The Floki app as an administrator defines it (`/var/floki/app` in commandr_fs), as the JSON they
-- wrote; no row means the app is generated from the site. Its one row is part of what the news caches
-- hold, so a change is announced as news to every instance.
CREATE TABLE floki_app (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    definition TEXT NOT NULL,
    updated_by BIGINT,
    updated_at BIGINT NOT NULL
);
CREATE TRIGGER floki_app_announce AFTER INSERT OR UPDATE OR DELETE ON floki_app FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce('news');
