-- Every member is a member of their primary group in `group_members`, which membership, staff standing,
-- privileges and push audiences are read from: `endpoint import composr` before this release wrote
-- imported members' primary groups in `members.primary_group_id` alone, so Composr's admin was no
-- administrator here. Repairs databases already imported (same SQL on both engines). The guest
-- (member 1) is left as it was seeded.

INSERT INTO group_members (group_id, member_id)
SELECT m.primary_group_id, m.id FROM members m
WHERE m.id <> 1
    AND NOT EXISTS (SELECT 1 FROM group_members gm WHERE gm.member_id = m.id AND gm.group_id = m.primary_group_id);
