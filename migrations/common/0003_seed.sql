-- Default zones, privileges, access lists and configuration options (same SQL on both engines).

INSERT INTO zones (name) VALUES (''), ('adminzone'), ('cms'), ('site'), ('forum');

INSERT INTO group_zone_access (group_id, zone) VALUES
    (1, ''), (1, 'site'), (1, 'forum'),
    (3, ''), (3, 'site'), (3, 'forum'), (3, 'cms'),
    (4, ''), (4, 'site'), (4, 'forum');

INSERT INTO privileges (name) VALUES
    ('access_closed_site'), ('bypass_dob'), ('bypass_email_address'), ('disable_lost_passwords'),
    ('may_report_content'), ('see_warnings'), ('submit_lowrange_content'), ('submit_midrange_content'),
    ('submit_highrange_content'), ('edit_own_lowrange_content'), ('delete_own_lowrange_content'),
    ('view_profiles'), ('use_personal_messages');

INSERT INTO group_privileges (group_id, privilege) VALUES
    (1, 'view_profiles'),
    (3, 'access_closed_site'), (3, 'see_warnings'), (3, 'submit_lowrange_content'), (3, 'submit_midrange_content'),
    (3, 'submit_highrange_content'), (3, 'edit_own_lowrange_content'), (3, 'delete_own_lowrange_content'),
    (3, 'view_profiles'), (3, 'use_personal_messages'), (3, 'may_report_content'),
    (4, 'submit_lowrange_content'), (4, 'edit_own_lowrange_content'), (4, 'delete_own_lowrange_content'),
    (4, 'view_profiles'), (4, 'use_personal_messages'), (4, 'may_report_content');

-- Deny lists: only administrators reach the Commandr filesystem.
INSERT INTO group_page_access (group_id, page) VALUES
    (1, 'admin_commandr'), (3, 'admin_commandr'), (4, 'admin_commandr');

INSERT INTO config (name, value) VALUES
    ('site_name', 'Composr site'),
    ('minimum_username_length', '3'),
    ('maximum_username_length', '20'),
    ('minimum_password_length', '8'),
    ('maximum_password_length', '255'),
    ('one_per_email_address', '1');
