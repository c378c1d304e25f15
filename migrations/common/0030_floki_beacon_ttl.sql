-- How often Floki apps check their definition (the version indicator's ttl): 12 hours.
INSERT INTO config (name, value) VALUES ('floki_beacon_ttl_seconds', '43200');
