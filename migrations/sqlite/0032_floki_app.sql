-- The Floki app as an administrator defines it (`/var/floki/app` in commandr_fs), as the JSON they
-- wrote; no row means the app is generated from the site. (PostgreSQL's 0032 also announces changes.)
CREATE TABLE floki_app (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    definition TEXT NOT NULL,
    updated_by BIGINT,
    updated_at BIGINT NOT NULL
);
