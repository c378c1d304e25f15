-- The secret a queued mail carries (the code of its confirmation or reset link): kept apart so that
-- once the mail is sent, or given up, it is blanked out of the bodies and forgotten, and the outbox
-- holds no usable link. Rows from before keep theirs until the maintenance sweep blanks them.
ALTER TABLE mail_outbox ADD COLUMN secret TEXT;
