#!/usr/bin/env bash
# Search at scale: ARTICLES articles (default 1,000,000) of about 3 KB of text each
# (bench/news/seed-search-*.sql), on SQLite (a temporary file) and on PostgreSQL (a throwaway server
# started here). For each engine it prints how long building the search index took on the loaded
# articles (what migrations 0037 and 0035 do on an existing site) and the index's size, then measures at
# concurrency 4, next to the bare Hummingbird route measured just before each:
#   - a word no article holds, a word one old article holds, a word half the site holds (newest first),
#     each a page of 20 as a results screen lists them (`fields` without the body), first asked again
#     and again of a server that keeps answers (`news_max_age_seconds` as the site has it: "kept"),
#     then of one that keeps none (news_max_age_seconds = 0: every request searches);
#   - a word one article in eleven holds ("bababon", as most words of the made-up vocabulary), kept none;
#   - a two-letter word one article in nine holds ("eu", found whole through the short-word index),
#     alone and beside "harbour", kept none;
#   - those ordered by relevance (sort=relevance), kept none;
#   - the half-the-site search with whole articles, and the first page of the list (no search) for
#     comparison, kept none;
# with the search limit lifted. BENCH_ENDPOINT=path serves with that binary instead (an older build, for a before/after).
# Release builds, wrk on loopback; run on demand, never in CI: a million articles take 18 to 35
# minutes in all on a 2-core machine, 13 GB on SQLite; building the indexes takes 3 to 8 minutes on
# SQLite and 5 to 12 on PostgreSQL (docs/benchmarks.md, "Search"). Usage: bash bench/search.sh [articles, 1000000] [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
articles=${1:-1000000}
duration=${2:-10}
source bench/seeded-news.sh 54340 -c maintenance_work_mem=1GB -c max_wal_size=8GB -c checkpoint_timeout=30min
served=${BENCH_ENDPOINT:-$endpoint}

# serve_on DATABASE_URL PORT: serves the build measured and waits for it.
serve_on() {
    "$served" serve --database "$1" --port "$2" 2>>"$work/server.log" & server=$!
    pids+=("$server")
    wait_for "http://127.0.0.1:$2/healthz"
}

# bench_engine NAME DATABASE_URL PORT INDEX-BUILD SIZE-QUERY SQL-CLIENT... : loads the articles,
# builds the index, runs every workload.
bench_engine() {
    local engine=$1 database=$2 port=$3 build=$4 size=$5; shift 5
    "$endpoint" migrate --database "$database" >/dev/null 2>&1
    local start end
    start=$(date +%s)
    { [ "$engine" = sqlite ] && echo "PRAGMA journal_mode = DELETE;"; sed "s/:count/$articles/g" "bench/news/seed-search-$engine.sql"; } | "$@" >/dev/null
    end=$(date +%s)
    result[$engine.load]=$((end - start))
    "$@" <<< "$build" >/dev/null
    result[$engine.index]=$(($(date +%s) - end))
    result[$engine.size]=$("$@" <<< "$size" | tr -d ' \n')
    "$@" <<< "UPDATE config SET value = '100000' WHERE name = 'news_search_per_minute';" >/dev/null
    local articles_url="http://127.0.0.1:$port/data/endpoint.php/content/news/articles"
    local list="fields=id,title,summary,category,image,published_at"
    serve_on "$database" "$port"
    paired "$engine.nothing.kept" 4 --timeout 30s "$articles_url?q=qqxqzv&$list"
    paired "$engine.one_old.kept" 4 --timeout 30s "$articles_url?q=zanzibarite&$list"
    paired "$engine.half.kept" 4 --timeout 30s "$articles_url?q=harbour&$list"
    stop_server
    "$@" <<< "UPDATE config SET value = '0' WHERE name = 'news_max_age_seconds';" >/dev/null
    serve_on "$database" "$port"
    for order in newest relevance; do
        paired "$engine.nothing.$order" 4 --timeout 30s "$articles_url?q=qqxqzv&sort=$order&$list"
        paired "$engine.one_old.$order" 4 --timeout 30s "$articles_url?q=zanzibarite&sort=$order&$list"
        paired "$engine.half.$order" 4 --timeout 30s "$articles_url?q=harbour&sort=$order&$list"
        paired "$engine.tenth.$order" 4 --timeout 30s "$articles_url?q=bababon&sort=$order&$list"
        paired "$engine.short.$order" 4 --timeout 30s "$articles_url?q=eu&sort=$order&$list"
        paired "$engine.short_long.$order" 4 --timeout 30s "$articles_url?q=eu%20harbour&sort=$order&$list"
    done
    paired "$engine.half.whole" 4 --timeout 30s "$articles_url?q=harbour"
    paired "$engine.list" 4 --timeout 30s "$articles_url?$list"
    stop_server
}

sqlite_index_size="SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'news_search%' OR name LIKE 'news_words%';"
# Loaded and indexed with a rollback journal: in WAL mode, a transaction of gigabytes makes SQLite
# look every page up among millions of WAL frames (the index build took hours at a million articles).
# The index is built by migration 0037's own statements; the short words' as the server adds them.
bench_engine sqlite "sqlite://$work/search.sqlite" 18080 \
    "PRAGMA journal_mode = DELETE;
    $(grep '^INSERT INTO news_search ' migrations/sqlite/0037_news_search_without_positions.sql)
    INSERT INTO news_words (rowid, search_words) SELECT listing_key, search_words FROM news ORDER BY listing_key;
    PRAGMA journal_mode = WAL;" \
    "$sqlite_index_size" sqlite3 "$work/search.sqlite"
postgres_index_size="SELECT pg_relation_size('news_search');"
bench_engine postgresql "$THROWAWAY_POSTGRES_URL" 18082 \
    "CREATE INDEX news_search ON news USING gin (search_text gin_trgm_ops);" \
    "$postgres_index_size" psql -q -t -A -v ON_ERROR_STOP=1 "$THROWAWAY_POSTGRES_URL"

echo
printf '%-48s%-42s%-42s\n' "content/news search, $articles articles (wrk c4, $(nproc) cores)" "SQLite" "PostgreSQL"
for engine in sqlite postgresql; do
    printf '%-12s loaded in %ss, index built in %ss, %s bytes (%s bytes an article)\n' "$engine" "${result[$engine.load]}" \
        "${result[$engine.index]}" "${result[$engine.size]}" "$(( result[$engine.size] / articles ))"
done
for order in kept newest relevance; do
    engine_row "no article holds it ($order)" "nothing.$order"
    engine_row "one old article holds it ($order)" "one_old.$order"
    engine_row "half the site holds it ($order)" "half.$order"
    [ "$order" = kept ] || engine_row "one article in eleven holds it ($order)" "tenth.$order"
    [ "$order" = kept ] || engine_row "a two-letter word, one article in nine ($order)" "short.$order"
    [ "$order" = kept ] || engine_row "the two-letter word and half the site's ($order)" "short_long.$order"
done
engine_row "half the site holds it, whole articles" half.whole
engine_row "no search: the list's first page" list
