#!/usr/bin/env bash
# `endpoint import composr` on a big site (README, "Moving from Composr"), on a release build: a dump
# made by multiplying the fixture site's rows (bench/composr/make_dump.py: MEMBERS members, ARTICLES
# articles of the fixture's Comcode release notes, TOKENS push tokens, as mysqldump's extended
# inserts), imported into a fresh SQLite file and a fresh throwaway PostgreSQL; prints each run's
# wall time and the import's highest resident memory (GNU time).
# Run on demand, never in CI. Usage: bash bench/composr-import.sh [MEMBERS 200000] [ARTICLES 50000] [TOKENS 300000]
set -euo pipefail
cd "$(dirname "$0")/.."
members=${1:-200000} articles=${2:-50000} tokens=${3:-300000}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config postgresql python3 time
swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
work=$(mktemp -d /tmp/endpoint-import-bench.XXXXXX)
source scripts/throwaway-postgres.sh
trap 'stop_throwaway_postgres; rm -rf "$work"' EXIT
start_throwaway_postgres 54343 -c fsync=off

gzip -dc Tests/ComposrImportTests/Fixtures/composr-10.0.27/composr-site.sql.gz > "$work/fixture.sql"
python3 bench/composr/make_dump.py "$work/fixture.sql" "$work/site.sql" "$members" "$articles" "$tokens"
echo "A dump of $members members, $articles articles and $tokens push tokens: $(du -h "$work/site.sql" | cut -f1) ($(nproc) cores)"
run() {
    local engine=$1 database=$2
    "$endpoint" migrate --database "$database" >/dev/null 2>&1
    /usr/bin/time -f '%e %M' -o "$work/time" "$endpoint" import composr "$work/site.sql" --database "$database" >/dev/null
    read -r seconds kilobytes < "$work/time"
    printf '  %-12s %8s s   highest RSS %5d MB\n' "$engine" "$seconds" $((kilobytes / 1024))
}
run SQLite "sqlite://$work/site.sqlite"
run PostgreSQL "$THROWAWAY_POSTGRES_URL"
