-- The server processes that hold outbox leases (`lease_owner` of mail_outbox and push_outbox is a
-- holder), each with its instance's identity and a heartbeat it renews every few seconds: a lease
-- whose holder stopped beating may be taken over before it runs out, and an instance restarted under
-- the same identity takes back its earlier processes' leases at once. (SQLite's 0034 is the same
-- with INTEGER.)
CREATE TABLE lease_holders (
    holder TEXT PRIMARY KEY,
    instance TEXT NOT NULL,
    heartbeat_at BIGINT NOT NULL
);
CREATE INDEX lease_holders_instance ON lease_holders (instance);
