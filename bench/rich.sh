#!/usr/bin/env bash
# Rich articles (docs/api.md, "Rich articles"), on a release build:
#   - rendering, as the server renders an article's body when it is written (`endpoint news render
#     --repeat 20`: median and longest of 20): the fixture site's longest article (Comcode,
#     fuzz/corpus/comcode/fixture-article-3.txt); maximal bodies of 1,000,000 characters (the body's
#     limit): that Comcode repeated, the same article as Markdown repeated, a megabyte of `[`, and
#     1,000,000 'é' in one paragraph (two bytes each: the allowlist's parser reads bytes);
#   - a page of 20 rich articles made anew, next to today's plain-text figure: 100,000 seeded articles
#     (bench/news/seed-*.sql, `text`, rendered per request by the text rule as every article was before
#     formats existed), news_max_age_seconds = 0 so every request is built from the database, and the
#     20 newest of one category made Comcode (the fixture's article, rendered once, when the news clock
#     makes their due rendering); `articles?category=` of that category and of a plain one, each next to
#     the bare Hummingbird route, on SQLite and PostgreSQL.
# Run on demand, never in CI. Usage: bash bench/rich.sh [seconds per wrk run, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
source bench/seeded-news.sh 54341

# Bodies to render.
fixture=fuzz/corpus/comcode/fixture-article-3.txt
python3 - "$work" "$fixture" <<'PYTHON'
import sys
work, fixture = sys.argv[1], sys.argv[2]
limit = 1_000_000
comcode = open(fixture, encoding="utf-8").read()
markdown = ("## What is new in 2.0\n\nVersion 2.0 is our biggest release so far. This first paragraph has **bold**, *italic* and "
            "~~struck~~ text.\n\nThe second paragraph links to [the full changelog](http://example.com/changelog) and mentions "
            "<support@example.com>.\n\n- Faster page loads\n- New member profiles\n- Push notifications for mobile apps\n\n"
            "> This release took months of work.\n\n| Feature | Ready |\n|---|---|\n| Push | yes |\n\nFinal paragraph: thanks to all our beta testers!\n\n")
def maximal(text):
    return (text * (limit // len(text) + 1))[:limit]
open(f"{work}/longest.txt", "w", encoding="utf-8").write(comcode)
open(f"{work}/maximal-comcode.txt", "w", encoding="utf-8").write(maximal(comcode + "\n\n"))
open(f"{work}/maximal-markdown.md", "w", encoding="utf-8").write(maximal(markdown))
open(f"{work}/brackets.txt", "w", encoding="utf-8").write("[" * limit)
open(f"{work}/accents.txt", "w", encoding="utf-8").write("é" * limit)
PYTHON

declare -A rendering
render() {
    local key=$1 format=$2 file=$3
    rendering[$key]=$("$endpoint" news render --format "$format" --repeat 20 "$file" 2>&1 >/dev/null | sed -n 's/^Rendered .* times: //p')
}
render longest comcode "$work/longest.txt"
render comcode comcode "$work/maximal-comcode.txt"
render markdown markdown "$work/maximal-markdown.md"
render brackets comcode "$work/brackets.txt"
render accents markdown "$work/accents.txt"

# bench_engine NAME DATABASE_URL PORT SQL-CLIENT... : seeds the database, makes 20 articles of one
# category Comcode, and compares a page of them with a page of plain ones.
bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    seed "$engine" "$database" "$@"
    local body summary
    body=$(python3 -c 'import sys; print(open(sys.argv[1], encoding="utf-8").read().replace("'"'"'", "'"''"'"))' "$fixture")
    summary='Version 2.0 is out, with [b]faster pages[/b] and mobile push notifications.'
    "$@" >/dev/null <<SQL
UPDATE config SET value = '0' WHERE name = 'news_max_age_seconds';
UPDATE news SET text_format = 'comcode', article = '$body', summary = '$summary', render_due = 1
WHERE id IN (SELECT id FROM news WHERE category_id = 1 ORDER BY add_date DESC LIMIT 20);
SQL
    serve "$database" "$port"
    # The news clock's first tick renders them.
    for _ in $(seq 100); do
        [ "$("$@" <<< "SELECT COUNT(*) FROM news WHERE render_due = 1;" | tr -d ' \n')" = 0 ] && break
        sleep 0.2
    done
    local news="http://127.0.0.1:$port/data/endpoint.php/content/news"
    curl -fs "$news/articles?category=1&limit=1&fields=format,body_html" | grep -q '"format":"comcode"' \
        || { echo "the rich articles were not rendered" >&2; exit 1; }
    paired "$engine.rich" 16 "$news/articles?category=1"
    paired "$engine.plain" 16 "$news/articles?category=2"
    stop_server
}

bench_engine sqlite "sqlite://$work/news.sqlite" 18080 sqlite3 "$work/news.sqlite"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18082 psql -q -t -A "$THROWAWAY_POSTGRES_URL"

echo
echo "Rendering an article's body ($(nproc) cores; median and longest of 20)"
printf '  %-62s%s\n' "the fixture's longest article (Comcode, $(wc -m < "$work/longest.txt") characters)" "${rendering[longest]}"
printf '  %-62s%s\n' "a maximal body: that Comcode to 1,000,000 characters" "${rendering[comcode]}"
printf '  %-62s%s\n' "a maximal body: Markdown, 1,000,000 characters" "${rendering[markdown]}"
printf '  %-62s%s\n' "a maximal body: 1,000,000 [ (Comcode)" "${rendering[brackets]}"
printf '  %-62s%s\n' "a maximal body: 1,000,000 é in one paragraph (Markdown)" "${rendering[accents]}"
echo
printf '%-48s%-42s%-42s\n' "content/news, a page of 20, not kept (wrk c16)" "SQLite" "PostgreSQL"
engine_row "20 rich articles (Comcode, stored HTML)" rich
engine_row "20 plain articles (text rule per request)" plain
