-- Apps signed in to a Composr site stay signed in after `endpoint import composr --keep-app-sessions`:
-- such a phone presents the member's Composr password hash as its token (Composr's `cms_member_hash`
-- cookie), so the import keeps a session per member whose token is that hash, stored as every token
-- is, as its SHA-256 (never the hash itself). `origin` says where a session came from: '' a login
-- here, 'composr' one kept by the import, which ends when the member logs in here, changes the password,
-- logs out everywhere, or `composr_app_sessions_days` after the import.
ALTER TABLE device_sessions ADD COLUMN origin VARCHAR(16) NOT NULL DEFAULT '';
INSERT INTO config (name, value) VALUES ('composr_app_sessions_days', '30');
