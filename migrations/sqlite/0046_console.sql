-- The web console (issue 56): every change made through it, who made it and when, listed on its
-- dashboard; the privileges Composr names for editing news, which a group must hold for its members
-- to write articles in the console; how long a console session may go unused and last.
CREATE TABLE console_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT NOT NULL,
    -- The member's name when the change was made (kept when the member is renamed or deleted).
    username TEXT NOT NULL,
    -- What was done: a ConsoleChange.Action.
    action TEXT NOT NULL,
    -- What it was done to, as it was named then (an article's title, a member's name).
    subject TEXT NOT NULL,
    made_at BIGINT NOT NULL
);
CREATE INDEX console_changes_made_at ON console_changes (made_at);

INSERT INTO privileges (name) VALUES ('edit_highrange_content'), ('bypass_validation_highrange_content'), ('delete_highrange_content');

INSERT INTO config (name, value) VALUES ('console_idle_minutes', '30'), ('console_session_hours', '12');
