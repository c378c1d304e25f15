-- How long a push registration stays fresh: registering the same token for the same owner again
-- within this many seconds reads, and writes nothing (the SDKs register at every app start).
INSERT INTO config (name, value) VALUES ('push_token_refresh_seconds', '3600');
