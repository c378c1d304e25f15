-- Comcode is now written straight into the allowlist's writer, with gumbo parsing only the HTML a text
-- holds of its own (`[html]`, `[semihtml]`, character references): each `[html]` is read on its own (an
-- element it leaves open ends with it), and a heading inside a heading is kept as one. Every Comcode
-- article is rendered again by the news clock (0040's `render_due`), and served as before meanwhile.
-- Markdown's rendering is unchanged (the `markdown` fuzz target holds it to cmark's own HTML).
UPDATE news SET render_due = 1 WHERE text_format = 'comcode';
