-- Which group here each Composr usergroup became (`endpoint import composr`): groups are matched by
-- what Composr says they are (its guest group's ID, its super-administrator and super-moderator
-- flags), never by name, so a re-run finds the groups it made here by Composr's ID and a club named
-- "Administrators" stays a club (same SQL on both engines).

CREATE TABLE composr_groups (
    composr_id BIGINT PRIMARY KEY,
    group_id BIGINT NOT NULL REFERENCES groups (id) ON DELETE CASCADE
);
