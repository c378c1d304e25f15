-- The addresses a Composr site published for its articles (its `url_id_monikers`, such as
-- `evenements/cafe-creme-a-zurich`), kept by `endpoint import composr` so that old links redirect to
-- the articles' pages here (same SQL on both engines).

CREATE TABLE composr_article_monikers (
    moniker TEXT PRIMARY KEY,
    article_id BIGINT NOT NULL REFERENCES news (id) ON DELETE CASCADE
);
CREATE INDEX composr_article_monikers_article ON composr_article_monikers (article_id);
