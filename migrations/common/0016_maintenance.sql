-- The maintenance sweep: how often it runs (minutes; read when the server starts) and how long sent or
-- failed mail and push outbox rows are kept (days). Ended sessions, codes a week past their expiry and old
-- rate events are removed at every sweep.
INSERT INTO config (name, value) VALUES
    ('maintenance_interval_minutes', '60'),
    ('outbox_retention_days', '30');
