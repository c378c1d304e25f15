-- Per-address limits now count a client's network (the IPv4 address, the IPv6 /64), with defaults
-- that let a launch-day crowd behind one carrier-grade NAT address through (README, "Limits per
-- network"). Options still at their old defaults move to the new ones; values a site chose stay.
-- Contact messages and wrong codes get a per-network option beside their per-member one.

UPDATE config SET value = '200' WHERE name = 'join_limit_per_ip_per_hour' AND value = '10';
UPDATE config SET value = '100' WHERE name = 'password_reset_limit_per_ip_per_hour' AND value = '20';
UPDATE config SET value = '500' WHERE name = 'login_throttle_ip_failures' AND value = '100';

INSERT INTO config (name, value) VALUES
    ('contact_us_limit_per_ip_per_hour', '50'),
    ('code_failures_per_ip_per_hour', '100');
