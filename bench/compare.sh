#!/usr/bin/env bash
# Two builds of `endpoint` side by side in one sitting: the session view as iOS sends it and as the
# Android SDK sends it (a POST whose form carries the credentials), concurrency 16, on SQLite and on
# PostgreSQL, each run next to the bare route (as bench/run.sh measures them). The builds take turns,
# BENCH_TURNS times each (default 2), so a drift of the machine falls on both.
# Usage: bash bench/compare.sh BEFORE_ENDPOINT [AFTER_ENDPOINT, default this checkout's release build]
#        [seconds per run, default 5]
# For instance, the build before issue 66's connection budget against this checkout:
#   git worktree add /tmp/before 0b8e419~1 && (cd /tmp/before && swift build -c release --product endpoint)
#   bash bench/compare.sh /tmp/before/.build/release/endpoint
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:?usage: bench/compare.sh BEFORE_ENDPOINT [AFTER_ENDPOINT] [seconds]}
after=${2:-}
duration=${3:-5}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk sqlite3 curl postgresql
if [ -z "$after" ]; then
    swift build -c release --product endpoint >/dev/null
    after="$(swift build -c release --show-bin-path)/endpoint"
fi
source bench/paired.sh
start_paired 54339 -c max_connections=200

# measure BUILD-LABEL ENDPOINT ENGINE DATABASE PORT SQL-CLIENT... : one turn of one build on one engine.
measure() {
    local label=$1 endpoint=$2 engine=$3 database=$4 port=$5; shift 5
    echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null 2>&1 || true
    "$@" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures'" >/dev/null
    "$endpoint" serve --database "$database" --port "$port" 2>>"$work/server.log" & local server=$!
    pids+=("$server")
    wait_for "http://127.0.0.1:$port/healthz"
    local base="http://127.0.0.1:$port/data/endpoint.php" login token member
    login=$(curl -fs -d username=bench -d password=benchmark-password "$base?hook_type=account&hook=login")
    token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
    member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')
    local session="$base?hook_type=account&hook=session"
    bare_request=()
    paired "$label.$engine.ios.$turn" 16 -H "cms_member_id: $member" -H "cms_member_hash: $token" "$session"
    bare_request=(-s bench/form_post.lua http://127.0.0.1:18081/hello)
    WRK_BODY="device_auth_member_id_vl=$member&device_auth_pass_hashed_vl=$token" \
        paired "$label.$engine.android.$turn" 16 -s bench/form_post.lua "$session"
    kill "$server"
    wait "$server" 2>/dev/null || true
}

turns=${BENCH_TURNS:-2}
for turn in $(seq "$turns"); do
    for build in before after; do
        endpoint=$before
        [ "$build" = after ] && endpoint=$after
        # A fresh database for each build: an older build's migrations must not meet a newer schema.
        rm -f "$work/$build.sqlite"
        measure "$build" "$endpoint" sqlite "sqlite://$work/$build.sqlite" 18080 sqlite3 "$work/$build.sqlite"
        PGOPTIONS=--client-min-messages=warning psql -q "$THROWAWAY_POSTGRES_URL" -c "DROP SCHEMA public CASCADE; CREATE SCHEMA public" >/dev/null
        measure "$build" "$endpoint" postgres "$THROWAWAY_POSTGRES_URL" 18082 psql -q "$THROWAWAY_POSTGRES_URL" -c
    done
done

echo
printf '%-30s%-34s%-34s\n' "session view, c16 ($(nproc) cores)" "SQLite: req/s/of bare per turn" "PostgreSQL: the same"
for call in ios android; do
    for build in before after; do
        printf '%-30s' "$call, $build"
        for engine in sqlite postgres; do
            # Each turn's median round; the row shows every turn and their mean ratio.
            line=""
            sum=0
            for turn in $(seq "$turns"); do
                key="$build.$engine.$call.$turn"
                bare=${result[$key.bare]%% *}
                rps=${result[$key]%% *}
                ratio=$(awk -v w="$rps" -v b="$bare" 'BEGIN { printf "%.2f", w / b }')
                sum=$(awk -v s="$sum" -v r="$ratio" 'BEGIN { print s + r }')
                line+="$(printf '%.0f' "$rps")/$ratio "
            done
            printf '%-34s' "${line}mean $(awk -v s="$sum" -v n="$turns" 'BEGIN { printf "%.2f", s / n }')"
        done
        echo
    done
done
