-- The last suffix given to each moniker base that collided (`hello-world_2`, `_3`…): a title given a
-- thousand times (an import of a site whose titles share their first 24 characters) takes the next
-- number from here, where finding the first free one read every moniker of the base each time.
CREATE TABLE moniker_suffixes (
    resource_type VARCHAR(32) NOT NULL,
    base TEXT NOT NULL,
    last_suffix BIGINT NOT NULL,
    PRIMARY KEY (resource_type, base)
);
