-- Stable identities of administered resources (Composr's alternative_ids): every group, member, news
-- category, article and staff message gets a moniker (its file or folder name in commandr_fs, unique
-- per resource type) and a GUID when it is created. Plus the contact_us option.

CREATE TABLE resource_ids (
    resource_type TEXT NOT NULL,
    resource_id BIGINT NOT NULL,
    moniker TEXT NOT NULL,
    label TEXT NOT NULL DEFAULT '',
    guid TEXT NOT NULL,
    PRIMARY KEY (resource_type, resource_id)
);
CREATE UNIQUE INDEX resource_ids_moniker_key ON resource_ids (resource_type, moniker);
CREATE UNIQUE INDEX resource_ids_guid_key ON resource_ids (guid);

INSERT INTO config (name, value) VALUES
    ('contact_us_limit_per_hour', '5');
