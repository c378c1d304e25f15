-- `one_per_email_address` was seeded from Composr but read by nothing: this server keeps one account per
-- address whatever it said (an address identifies the account in password resets and confirmations).
-- The option goes, rather than answer `/etc` with a switch that does nothing.
DELETE FROM config WHERE name = 'one_per_email_address';
