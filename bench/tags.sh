#!/usr/bin/env bash
# A tag's articles at scale: ARTICLES tagged articles (default 1,000,000; bench/tags/seed-*.sql), on
# SQLite (a temporary file) and on PostgreSQL (a throwaway server started here), with the server as it
# ships except that it keeps no answers (news_max_age_seconds = 0: every request reads the database).
# At concurrency 4, next to the bare Hummingbird route measured just before each, it measures:
#   - `articles?tag=` of a tag on a thousand articles and of one on half the site, first page (20);
#   - the half-the-site tag from a cursor half way down (the 250,000th article's place);
#   - the Floki tag feed (`feed/tag/<moniker>`, what `tags_url` opens), its first page and its 50th;
#   - the first page of the list with no tag, for comparison.
# Release builds, wrk on loopback; run on demand, never in CI (a million articles load in 1 to 3
# minutes per engine). Figures in docs/benchmarks.md ("Tags").
# Usage: bash bench/tags.sh [articles, 1000000] [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
articles=${1:-1000000}
duration=${2:-10}
source bench/seeded-news.sh 54340 -c maintenance_work_mem=1GB -c max_wal_size=8GB -c checkpoint_timeout=30min

bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    "$served" migrate --database "$database" >/dev/null 2>&1
    local start
    start=$(date +%s)
    { [ "$engine" = sqlite ] && echo "PRAGMA journal_mode = DELETE;"; sed "s/:count/$articles/g" "bench/tags/seed-$engine.sql"; } | "$@" >/dev/null
    result[$engine.load]=$(($(date +%s) - start))
    [ "$engine" = sqlite ] && "$@" <<< "PRAGMA journal_mode = WAL;" >/dev/null
    "$@" <<< "UPDATE config SET value = '0' WHERE name = 'news_max_age_seconds';" >/dev/null
    local news="http://127.0.0.1:$port/data/endpoint.php/content/news"
    local list="fields=id,title,summary,category,image,published_at"
    serve "$database" "$port"
    # A cursor half way down the tag's list: the first page's, moved to the place of the article half
    # of the tag's articles are newer than (a cursor is the list's last position, base64url-encoded).
    local first middle placed cursor
    first=$(curl -fs "$news/articles?tag=common&$list" | python3 -c 'import json, sys; print(json.load(sys.stdin)["response_data"]["page"]["next_cursor"])')
    middle=$(( articles / 2 - (articles / 2) % 2 ))
    placed=$(curl -fs "$news/articles/$middle?fields=published_timestamp" | python3 -c 'import json, sys; print(json.load(sys.stdin)["response_data"]["article"]["published_timestamp"])')
    cursor=$(python3 - "$first" "$placed" "$middle" <<'PY'
import base64, sys
token, added, article = sys.argv[1:]
fields = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4)).decode().split("~")
fields[1:3] = [added, article]
print(base64.urlsafe_b64encode("~".join(fields).encode()).decode().rstrip("="))
PY
)
    curl -fs "$news/articles?tag=common&$list&cursor=$cursor" | grep -q "Story $(( middle - 2 ))" || { echo "the cursor does not lead half way down" >&2; exit 1; }
    paired "$engine.small" 4 --timeout 30s "$news/articles?tag=tag-7&$list"
    paired "$engine.half" 4 --timeout 30s "$news/articles?tag=common&$list"
    paired "$engine.cursor" 4 --timeout 30s "$news/articles?tag=common&$list&cursor=$cursor"
    paired "$engine.floki" 4 --timeout 30s "$news/feed/tag/common?response_type=floki&page=1"
    paired "$engine.floki50" 4 --timeout 30s "$news/feed/tag/common?response_type=floki&page=50"
    paired "$engine.list" 4 --timeout 30s "$news/articles?$list"
    stop_server
}

bench_engine sqlite "sqlite://$work/tags.sqlite" 18080 sqlite3 "$work/tags.sqlite"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18082 psql -q -t -A -v ON_ERROR_STOP=1 "$THROWAWAY_POSTGRES_URL"

echo
printf '%-48s%-42s%-42s\n' "content/news tags, $articles articles (wrk c4, $(nproc) cores)" "SQLite" "PostgreSQL"
for engine in sqlite postgresql; do printf '%-12s loaded in %ss\n' "$engine" "${result[$engine.load]}"; done
engine_row "a tag of 1,000 articles, first page" small
engine_row "a tag of half the site, first page" half
engine_row "a tag of half the site, after a cursor" cursor
engine_row "the Floki tag feed, page 1" floki
engine_row "the Floki tag feed, page 50" floki50
engine_row "no tag: the list's first page" list
