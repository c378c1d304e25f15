-- The order an administrator gave the generated Floki app's tabs in the console, as comma-separated
-- unique IDs: kept over the app generated from the site, so a new category's or gallery's tab still
-- appears (at the end); no row means the generated order. (PostgreSQL's 0049 also announces changes.)
CREATE TABLE floki_tab_order (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    tab_ids TEXT NOT NULL,
    updated_by BIGINT,
    updated_at BIGINT NOT NULL
);
