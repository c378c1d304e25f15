#!/usr/bin/env bash
# A gallery of ITEMS items (default 10,000; bench/galleries/seed-*.sql), on SQLite (a temporary file)
# and on PostgreSQL (a throwaway server started here), with the server as it ships. At concurrency 4,
# next to the bare Hummingbird route measured just before each, it measures `content/galleries`:
#   - the big gallery's first page (20 items), and its page after a cursor at the 90 % mark;
#   - its Floki feed (`feed/big`, what a Gallery tab polls), first page and "load older" from there;
#   - a gallery of 20 items' page, the list speed the big one is held to;
#   - the tree.
# Release builds, wrk on loopback; run on demand, never in CI. Figures in docs/benchmarks.md
# ("Galleries").
# Usage: bash bench/galleries.sh [items, 10000] [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
items=${1:-10000}
duration=${2:-10}
source bench/seeded-news.sh 54340

bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    "$served" migrate --database "$database" >/dev/null 2>&1
    sed "s/:count/$items/g" "bench/galleries/seed-$engine.sql" | "$@" >/dev/null
    local api="http://127.0.0.1:$port/data/endpoint.php/content/galleries"
    serve "$database" "$port"
    # A cursor after the item at the 90 % mark (a cursor is `g1~gallery~position~item`, base64url).
    local deep=$(( items * 9 / 10 ))
    local cursor
    cursor=$(python3 -c 'import base64, sys; print(base64.urlsafe_b64encode(("g1~1~%s~%s" % (sys.argv[1], sys.argv[1])).encode()).decode().rstrip("="))' "$deep")
    curl -fs "$api/galleries/big?limit=20&cursor=$cursor" | grep -q "Photo $(( deep + 1 ))\"" || { echo "the cursor does not lead to item $(( deep + 1 ))" >&2; exit 1; }
    curl -fs "$api/feed/big?response_type=floki&o=$(( deep * 2 ))" | grep -q "\"Photo $(( deep + 1 )) " || { echo "o does not lead to item $(( deep + 1 ))" >&2; exit 1; }
    paired "$engine.first" 4 --timeout 30s "$api/galleries/big?limit=20"
    paired "$engine.cursor" 4 --timeout 30s "$api/galleries/big?limit=20&cursor=$cursor"
    paired "$engine.floki" 4 --timeout 30s "$api/feed/big?response_type=floki"
    paired "$engine.older" 4 --timeout 30s "$api/feed/big?response_type=floki&o=$(( deep * 2 ))"
    paired "$engine.small" 4 --timeout 30s "$api/galleries/small?limit=20"
    paired "$engine.tree" 4 --timeout 30s "$api"
    stop_server
}

bench_engine sqlite "sqlite://$work/galleries.sqlite" 18080 sqlite3 "$work/galleries.sqlite"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18082 psql -q -t -A -v ON_ERROR_STOP=1 "$THROWAWAY_POSTGRES_URL"

echo
printf '%-48s%-42s%-42s\n' "content/galleries, $items items (wrk c4, $(nproc) cores)" "SQLite" "PostgreSQL"
engine_row "the big gallery, first page" first
engine_row "the big gallery, after a cursor at 90 %" cursor
engine_row "its Floki feed, first page" floki
engine_row "its Floki feed, older than 90 %" older
engine_row "a gallery of 20, its page" small
engine_row "the tree" tree
