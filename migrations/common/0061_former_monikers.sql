-- Former monikers (issue 64): the names a resource had before an editor gave it another (an article's
-- slug), so its old address still leads to it (the article page redirects for good). A former name is
-- another resource's no longer once that resource takes it.
CREATE TABLE former_monikers (
    moniker_space TEXT NOT NULL,
    moniker TEXT NOT NULL,
    resource_type TEXT NOT NULL,
    resource_id BIGINT NOT NULL,
    PRIMARY KEY (moniker_space, moniker)
);
