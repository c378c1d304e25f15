-- Joining again with a pending account's username, address and password re-sends its confirmation
-- link, at most this many times an hour per account (further requests are silently not mailed); an
-- account whose address is still unconfirmed this many days after joining is removed by the
-- maintenance sweep, which frees its username and address.
INSERT INTO config (name, value) VALUES
    ('confirmation_mails_per_account_per_hour', '3'),
    ('pending_account_days', '7');
