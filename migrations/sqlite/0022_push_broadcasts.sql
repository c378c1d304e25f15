-- A notification for more devices than one batch: the devices after `after_device_id` up to
-- `up_to_device_id` (the newest when it was queued) still get their outbox rows, a batch at a time,
-- from the push worker, so no transaction holds the write lock for the whole device table.
CREATE TABLE push_broadcasts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    payload TEXT NOT NULL,
    target TEXT NOT NULL,
    member_id BIGINT,
    after_device_id BIGINT NOT NULL,
    up_to_device_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    request_id TEXT NOT NULL DEFAULT ''
);
