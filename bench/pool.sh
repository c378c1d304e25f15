#!/usr/bin/env bash
# How many pooled database connections per event loop (`--database-connections`) serve best: for each
# size, on SQLite (a temporary file) and on PostgreSQL (a throwaway server started here with its
# default, durable settings), the calls that use the database on every request at concurrency 16:
#   - push registration with a new token each time (a read and a write);
#   - account/login (reads, a session written, the hashing pool saturated);
# each next to the bare Hummingbird route (bench/Baseline) measured just before it.
# Release builds, wrk on loopback; run on demand, never in CI.
# Usage: bash bench/pool.sh [seconds per run, default 5] [sizes, default "1 2 4 8"]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-5}
sizes=${2:-1 2 4 8}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev pkg-config wrk sqlite3 curl postgresql

swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
source bench/paired.sh
start_paired 54337 -c max_connections=200

# bench_size NAME DATABASE_URL PORT SIZE SQL-CLIENT... : both workloads with SIZE connections per loop.
bench_size() {
    local engine=$1 database=$2 port=$3 size=$4; shift 4
    "$endpoint" serve --database "$database" --port "$port" --database-connections "$size" 2>>"$work/server.log" & local server=$!
    pids+=("$server")
    wait_for "http://127.0.0.1:$port/healthz"
    local base="http://127.0.0.1:$port/data/endpoint.php" login token member
    login=$(curl -fs -d username=bench -d password=benchmark-password "$base?hook_type=account&hook=login")
    token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
    member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')
    paired "$engine.$size.push_first" 16 -s bench/push_first.lua -H "cms_member_id: $member" -H "cms_member_hash: $token" \
        "$base?hook_type=account&hook=setup_push_notifications&device=android"
    result[$engine.$size.login]=$(run 16 -s bench/login.lua "$base?hook_type=account&hook=login")
    kill "$server"
    wait "$server" 2>/dev/null || true
}

# bench_engine NAME DATABASE_URL PORT SQL-CLIENT... : a member to log in, then every size.
bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null 2>&1
    "$@" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures' OR name LIKE 'push_tokens_per_%'" >/dev/null
    for size in $sizes; do bench_size "$engine" "$database" "$port" "$size" "$@"; done
}

bench_engine sqlite "sqlite://$work/bench.sqlite" 18083 sqlite3 "$work/bench.sqlite"
bench_engine postgres "$THROWAWAY_POSTGRES_URL" 18084 psql -q "$THROWAWAY_POSTGRES_URL" -c

echo
printf '%-14s%-46s%-46s\n' "per loop ($(nproc) loops)" "SQLite: new push token | login" "PostgreSQL: new push token | login"
for size in $sizes; do
    printf '%-14s' "$size"
    for engine in sqlite postgres; do
        awk -v first="${result[$engine.$size.push_first]}" -v bare="${result[$engine.$size.push_first.bare]}" -v login="${result[$engine.$size.login]}" 'BEGIN {
            split(first, f, " "); split(bare, b, " "); split(login, l, " ")
            printf "%6.0f/s %4.2f of bare p99 %-7s| %5.1f/s p99 %-7s", f[1], f[1] / b[1], f[3], l[1], l[3] }'
    done
    echo
done
