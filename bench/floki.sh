#!/usr/bin/env bash
# Floki clients against 100,000 articles in 20 categories (bench/news/seed-*.sql), on SQLite (a
# temporary file) and on PostgreSQL (a throwaway server started here), each workload at concurrency 16
# next to the bare Hummingbird route (bench/Baseline) measured just before it:
#   - the version indicator and the app data revalidated with their ETag (304), as every app start
#     and every ttl does;
#   - a feed refresh as iOS sends it (`d`, `l`, `h` of the newest 50 it holds), kept answers on (the
#     default), then with news_max_age_seconds = 0 so every refresh is built from the database;
#   - the same refresh from a client that paged back 1,000 articles (a wide `l`).
# Release builds, wrk on loopback; run on demand, never in CI. Usage: bash bench/floki.sh [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
source bench/seeded-news.sh 54339

# bench_engine NAME DATABASE_URL PORT SQL-CLIENT... : seeds the database and runs every workload.
bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    seed "$engine" "$database" "$@"
    serve "$database" "$port"
    local base="http://127.0.0.1:$port"
    local feed="$base/data/endpoint.php/content/news/feed/all?response_type=floki&keep_lang=en&d=2"
    local beacon_tag app_tag held wide
    beacon_tag=$(curl -fsi "$base/floki/v1-app" | awk -F': ' 'tolower($1) == "etag" { print $2 }' | tr -d '\r')
    app_tag=$(curl -fsi "$base/floki/v1/appdata" | awk -F': ' 'tolower($1) == "etag" { print $2 }' | tr -d '\r')
    held=$(curl -fs "$feed" | python3 -c 'import json,sys; ids=[i["id"] for i in json.load(sys.stdin)["items"]]; print(f"&l={min(ids)}&h={max(ids)}")')
    wide=$(curl -fs "$feed" | python3 -c 'import json,sys; ids=[i["id"] for i in json.load(sys.stdin)["items"]]; print(f"&l={min(ids) - 1000}&h={max(ids)}")')
    paired "$engine.beacon" 16 -H "If-None-Match: $beacon_tag" "$base/floki/v1-app?d=2"
    paired "$engine.appdata" 16 -H "If-None-Match: $app_tag" "$base/floki/v1/appdata?d=2"
    paired "$engine.refresh" 16 "$feed$held"
    paired "$engine.refresh_wide" 16 "$feed$wide"
    stop_server
    "$@" <<< "UPDATE config SET value = '0' WHERE name = 'news_max_age_seconds';" >/dev/null
    serve "$database" "$port"
    paired "$engine.refresh_uncached" 16 "$feed$held"
    paired "$engine.refresh_wide_uncached" 16 "$feed$wide"
    stop_server
}

bench_engine sqlite "sqlite://$work/floki.sqlite" 18080 sqlite3 "$work/floki.sqlite"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18082 psql -q -t -A "$THROWAWAY_POSTGRES_URL"

echo
printf '%-48s%-42s%-42s\n' "Floki, 100k articles (wrk c16, $(nproc) cores)" "SQLite" "PostgreSQL"
engine_row "version indicator revalidated (304)" beacon
engine_row "app data revalidated (304)" appdata
engine_row "feed refresh, l/h of the newest 50" refresh
engine_row "feed refresh, l 1,000 below" refresh_wide
engine_row "feed refresh, not kept (max age 0)" refresh_uncached
engine_row "feed refresh, l 1,000 below, not kept" refresh_wide_uncached
