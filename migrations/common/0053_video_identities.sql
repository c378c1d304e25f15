-- Videos get identities (issue 63: `/var/media/<name>.mp4` and its `<name>.cms` in commandr_fs).
-- Images and videos are files of one folder, so their monikers share one space: `moniker_space` is
-- the resource type except for videos, which share the images' (`media`), and a moniker is unique
-- within its space, not only within its type. Existing videos get theirs when the folder is listed.
ALTER TABLE resource_ids ADD COLUMN moniker_space TEXT NOT NULL DEFAULT '';
UPDATE resource_ids SET moniker_space = resource_type;
DROP INDEX resource_ids_moniker_key;
CREATE UNIQUE INDEX resource_ids_moniker_key ON resource_ids (moniker_space, moniker);
