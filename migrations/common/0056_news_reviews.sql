-- Writers' articles go out through an editor's review (issue 64). The console's roles are Composr's
-- privileges: `submit_highrange_content` makes a writer, with `bypass_validation_highrange_content`
-- an author, `edit_highrange_content` an editor. The seeded Super-moderators group held
-- `submit_highrange_content` unused; it would now let them into the console unasked, so it is taken
-- away: an administrator gives a group its role on the console's Usergroups page.
INSERT INTO privileges (name) VALUES ('edit_own_highrange_content') ON CONFLICT DO NOTHING;
DELETE FROM group_privileges WHERE group_id = 3 AND privilege = 'submit_highrange_content';

-- An article submitted for review, or returned to its writer with an editor's note; publishing it
-- ends its review (the row goes).
CREATE TABLE news_reviews (
    news_id BIGINT PRIMARY KEY REFERENCES news (id) ON DELETE CASCADE,
    state VARCHAR(16) NOT NULL,
    changed_at BIGINT NOT NULL,
    changed_by BIGINT REFERENCES members (id) ON DELETE SET NULL,
    note TEXT NOT NULL
);
CREATE INDEX news_reviews_waiting ON news_reviews (state, changed_at);
