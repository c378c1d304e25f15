-- Galleries (issue 65): a tree of named galleries, as Composr's galleries module keeps them, each
-- holding images and videos of the media library in an order an editor chooses, with a caption and a
-- credit each. `name` is Composr's (`root` and the names under it come over as they are); a
-- gallery's title and description are written in the site's language, with other languages'
-- beside them in `gallery_translations`. An item is an image or a video (exactly one); removing it
-- from the library removes it from its galleries. `position` orders a gallery's items
-- (`gallery_items_order`: a page of items is an index walk from its cursor).
CREATE TABLE galleries (
    id BIGSERIAL PRIMARY KEY,
    name VARCHAR(80) NOT NULL UNIQUE,
    parent_id BIGINT REFERENCES galleries (id),
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    cover_media_id BIGINT REFERENCES media (id) ON DELETE SET NULL,
    add_date BIGINT NOT NULL,
    edit_date BIGINT NOT NULL
);
CREATE INDEX galleries_children ON galleries (parent_id);

CREATE TABLE gallery_translations (
    gallery_id BIGINT NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
    language VARCHAR(8) NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (gallery_id, language)
);

CREATE TABLE gallery_items (
    id BIGSERIAL PRIMARY KEY,
    gallery_id BIGINT NOT NULL REFERENCES galleries (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    media_id BIGINT REFERENCES media (id) ON DELETE CASCADE,
    video_id BIGINT REFERENCES videos (id) ON DELETE CASCADE,
    caption TEXT NOT NULL,
    credit TEXT NOT NULL,
    validated INTEGER NOT NULL,
    submitter_id BIGINT REFERENCES members (id) ON DELETE SET NULL,
    add_date BIGINT NOT NULL,
    CHECK ((media_id IS NULL) <> (video_id IS NULL))
);
CREATE INDEX gallery_items_order ON gallery_items (gallery_id, position, id);
