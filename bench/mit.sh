#!/usr/bin/env bash
# The MIT News apps against 100,000 articles in 20 categories (bench/news/seed-*.sql, every 50th
# featured), on SQLite (a temporary file) and on PostgreSQL (a throwaway server started here), each
# workload at concurrency 16 next to the bare Hummingbird route (bench/Baseline) measured just before it:
#   - a stories page as both apps ask for it first (20 of a category), kept answers on (the default);
#   - the same page revalidated with its ETag (304);
#   - the next page by the `Link` header's cursor (iOS), and a deep page by `offset` (Android);
#   - the featured strip;
#   - the first page again with news_max_age_seconds = 0, so every request is built from the database.
# Release builds, wrk on loopback; run on demand, never in CI. Usage: bash bench/mit.sh [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
source bench/seeded-news.sh 54341

# bench_engine NAME DATABASE_URL PORT SQL-CLIENT... : seeds the database and runs every workload.
bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    seed "$engine" "$database" "$@"
    "$@" <<< "UPDATE news SET featured = (id % 50 = 0);" >/dev/null
    serve "$database" "$port"
    local base="http://127.0.0.1:$port/apis/news/stories/"
    local category page_tag next
    category=$(curl -fs "http://127.0.0.1:$port/apis/news/categories/" | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')
    page_tag=$(curl -fsi "$base?category=$category&limit=20" | awk -F': ' 'tolower($1) == "etag" { print $2 }' | tr -d '\r')
    next=$(curl -fsi "$base?category=$category&limit=20" | awk -F'[<>]' 'tolower($1) ~ /^link: $/ { print $2 }')
    paired "$engine.page" 16 "$base?category=$category&limit=20"
    paired "$engine.revalidated" 16 -H "If-None-Match: $page_tag" "$base?category=$category&limit=20"
    paired "$engine.next" 16 "$next"
    paired "$engine.offset" 16 "$base?offset=1000&limit=20&category=$category"
    paired "$engine.featured" 16 "$base?featured=true&limit=20"
    stop_server
    "$@" <<< "UPDATE config SET value = '0' WHERE name = 'news_max_age_seconds';" >/dev/null
    serve "$database" "$port"
    paired "$engine.page_uncached" 16 "$base?category=$category&limit=20"
    stop_server
}

bench_engine sqlite "sqlite://$work/mit.sqlite" 18084 sqlite3 "$work/mit.sqlite"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18086 psql -q -t -A "$THROWAWAY_POSTGRES_URL"

echo
printf '%-48s%-42s%-42s\n' "MIT News, 100k articles (wrk c16, $(nproc) cores)" "SQLite" "PostgreSQL"
engine_row "stories page (20 of a category)" page
engine_row "stories page revalidated (304)" revalidated
engine_row "next page by the Link cursor" next
engine_row "page by offset 1,000" offset
engine_row "featured strip" featured
engine_row "stories page, not kept (max age 0)" page_uncached
