#!/usr/bin/env bash
# The public news API with 100,000 articles in 20 categories (bench/news/seed-*.sql), on SQLite (a
# temporary file) and on PostgreSQL (a throwaway server started here), each workload at concurrency 16
# next to the bare Hummingbird route (bench/Baseline) measured just before it:
#   - articles (first page of 20, whole; and as a list view with `fields`), a page deep in the list (a
#     cursor), top (3 per category), and changes (a token 20 changes behind, and one at the head: the
#     usual poll), as the server answers them by default (rendered answers kept until the next change
#     or news_max_age_seconds);
#   - the same with news_max_age_seconds = 0, so every request is built from the database;
#   - revalidation: articles with the current ETag (304, no body).
# Release builds, wrk on loopback; run on demand, never in CI. Usage: bash bench/news.sh [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
source bench/seeded-news.sh 54338

# bench_engine NAME DATABASE_URL PORT SQL-CLIENT... : seeds the database and runs every workload.
bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    seed "$engine" "$database" "$@"
    serve "$database" "$port"
    local news="http://127.0.0.1:$port/data/endpoint.php/content/news"
    local cursor token head
    cursor=$(curl -fs "$news/articles?limit=20" | python3 -c 'import json,sys; print(json.load(sys.stdin)["response_data"]["page"]["next_cursor"])')
    for _ in $(seq 200); do
        cursor=$(curl -fs "$news/articles?limit=20&cursor=$cursor" | python3 -c 'import json,sys; print(json.load(sys.stdin)["response_data"]["page"]["next_cursor"])')
    done
    token=$("$@" <<< "SELECT 's1~' || database_id || '~' || (SELECT MAX(seq) - 20 FROM news_changes) FROM news_sync;" | tr -d ' \n' \
        | python3 -c 'import base64,sys; print(base64.urlsafe_b64encode(sys.stdin.read().strip().encode()).decode().rstrip("="))')
    head=$(curl -fs "$news/top" | python3 -c 'import json,sys; print(json.load(sys.stdin)["response_data"]["sync"])')
    local tag
    tag=$(curl -fsi "$news/articles" | awk -F': ' 'tolower($1) == "etag" { print $2 }' | tr -d '\r')
    paired "$engine.articles" 16 "$news/articles"
    paired "$engine.list" 16 "$news/articles?fields=id,title,summary,category,image,published_at"
    paired "$engine.deep" 16 "$news/articles?limit=20&cursor=$cursor"
    paired "$engine.top" 16 "$news/top"
    paired "$engine.changes" 16 "$news/changes?since=$token"
    paired "$engine.changes_head" 16 "$news/changes?since=$head"
    paired "$engine.revalidate" 16 -H "If-None-Match: $tag" "$news/articles"
    # Nothing kept: a server started afresh with news_max_age_seconds = 0.
    stop_server
    "$@" <<< "UPDATE config SET value = '0' WHERE name = 'news_max_age_seconds';" >/dev/null
    serve "$database" "$port"
    paired "$engine.articles_uncached" 16 "$news/articles"
    paired "$engine.deep_uncached" 16 "$news/articles?limit=20&cursor=$cursor"
    paired "$engine.top_uncached" 16 "$news/top"
    paired "$engine.changes_uncached" 16 "$news/changes?since=$token"
    stop_server
}

bench_engine sqlite "sqlite://$work/news.sqlite" 18080 sqlite3 "$work/news.sqlite"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18082 psql -q -t -A "$THROWAWAY_POSTGRES_URL"

echo
printf '%-48s%-42s%-42s\n' "content/news, 100k articles (wrk c16, $(nproc) cores)" "SQLite" "PostgreSQL"
engine_row "articles, first page" articles
engine_row "articles, first page, list fields" list
engine_row "articles, page 201 (cursor)" deep
engine_row "top (3 per category)" top
engine_row "changes (20 behind)" changes
engine_row "changes (at the head)" changes_head
engine_row "articles revalidated (304)" revalidate
engine_row "articles, not kept (max age 0)" articles_uncached
engine_row "articles page 201, not kept" deep_uncached
engine_row "top, not kept" top_uncached
engine_row "changes (20 behind), not kept" changes_uncached
