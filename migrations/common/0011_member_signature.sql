-- The member's signature (Composr's m_signature, raw Comcode): part of the profile the login answer
-- carries, editable through content/commandr_fs; empty when none.
ALTER TABLE members ADD COLUMN signature TEXT NOT NULL DEFAULT '';
