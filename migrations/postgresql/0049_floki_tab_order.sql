-- The order an administrator gave the generated Floki app's tabs in the console, as comma-separated
-- unique IDs: kept over the app generated from the site, so a new category's or gallery's tab still
-- appears (at the end); no row means the generated order. Like `floki_app`, it is part of what the
-- news caches hold, so a change is announced as news to every instance.
CREATE TABLE floki_tab_order (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    tab_ids TEXT NOT NULL,
    updated_by BIGINT,
    updated_at BIGINT NOT NULL
);
CREATE TRIGGER floki_tab_order_announce AFTER INSERT OR UPDATE OR DELETE ON floki_tab_order FOR EACH ROW
    EXECUTE FUNCTION endpoint_announce('news');
