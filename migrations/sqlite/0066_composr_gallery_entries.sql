-- The gallery entries a Composr site's import brought (issue 65), by Composr's kind and ID (images
-- and videos are numbered apart there): an old link to one (`index.php?page=galleries&type=image&id=`)
-- finds the item it became, and a second import finds it here. An item deleted since stays deleted.
CREATE TABLE composr_gallery_entries (
    kind VARCHAR(8) NOT NULL,
    composr_id BIGINT NOT NULL,
    item_id BIGINT REFERENCES gallery_items (id) ON DELETE SET NULL,
    PRIMARY KEY (kind, composr_id)
);
