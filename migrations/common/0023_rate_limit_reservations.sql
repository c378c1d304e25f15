-- Rate limits check and count in one step: the events one request counted carry its reservation, so
-- an action that turns out not to count (a login that succeeded) gives exactly those back.
-- Wrong e-mail codes are limited per network only: a code is 192 random bits, so a per-member limit
-- stopped no guessing but let anyone lock a member out of their own links.
ALTER TABLE rate_events ADD COLUMN reservation TEXT;
CREATE INDEX rate_events_reservation ON rate_events (reservation);
DELETE FROM config WHERE name = 'code_failures_per_hour';
