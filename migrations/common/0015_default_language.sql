-- The site's language (a code of one of the server's catalogs: EN, DE, FR), used when neither the
-- request (keep_lang), the member nor the browser names one the server speaks, and stored for members
-- who join without naming a language.
INSERT INTO config (name, value) VALUES ('default_language', 'EN');
