#!/usr/bin/env bash
# Benchmarks on loopback with wrk (run on demand, never in CI), each workload on SQLite (a temporary
# file) and on PostgreSQL (a throwaway server started here with its default, durable settings), each
# next to a bare Hummingbird route (bench/Baseline) measured just before it, so a ratio compares two
# runs a few seconds apart (machines drift more than that over a whole benchmark):
#   - account/session view with a device token (iOS-style headers), concurrency 16;
#   - account/setup_push_notifications with the same token again (every app start), and with a new
#     token each time (a real write), concurrency 16;
#   - the same three as the Android SDK sends them: a POST whose urlencoded form carries the
#     credentials (`device_auth_member_id_vl`, `device_auth_pass_hashed_vl`) beside the hook's fields,
#     each next to the bare route receiving the same POST and reading its body;
#   - account/login (urlencoded) at concurrency 16 and 1, against cores / the time of one Argon2id hash
#     through the same system libargon2 (bench/argon2_hash_time.py) measured just before and after;
#   - p99 of the session view at concurrency 4, idle and while logins saturate the hashing pool, and
#     of the bare route under the same logins (what a busy machine adds to any server); the same two
#     with a probe at 200 requests a second (bench/latency_probe.py), which does not load the cores;
#   - the server's resident memory idle (2 s after start and one login), at its peak, and 3 s after
#     the last load.
# Release builds. Usage: bash bench/run.sh [seconds per run, default 10]; BENCH_ENDPOINT=path runs that
# `endpoint` binary instead of building this checkout's (to compare an earlier build in the same run).
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk sqlite3 curl postgresql

if [ -z "${BENCH_ENDPOINT:-}" ]; then
    swift build -c release --product endpoint >/dev/null
fi
endpoint=${BENCH_ENDPOINT:-"$(swift build -c release --show-bin-path)/endpoint"}
source bench/paired.sh
start_paired 54339 -c max_connections=200

kib() { awk -v field="$2:" '$1 == field { print $2 }' "/proc/$1/status"; }

# bench_engine NAME DATABASE_URL PORT SQL-CLIENT... : runs every workload against one database.
bench_engine() {
    local engine=$1 database=$2 port=$3; shift 3
    echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null 2>&1
    # No throttling in the way of repeated logins and new push tokens from one address.
    "$@" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures' OR name LIKE 'push_tokens_per_%'" >/dev/null
    # As it ships (the access log on, to the file an operator would send it to), with BENCH_SERVER_FLAGS
    # added (`--access-log off` for the comparison).
    # shellcheck disable=SC2086
    "$endpoint" serve --database "$database" --port "$port" ${BENCH_SERVER_FLAGS:-} 2>>"$work/server.log" & local server=$!
    pids+=("$server")
    wait_for "http://127.0.0.1:$port/healthz"
    local base="http://127.0.0.1:$port/data/endpoint.php"
    local login token member
    login=$(curl -fs -d username=bench -d password=benchmark-password "$base?hook_type=account&hook=login")
    token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
    member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')
    local auth=(-H "cms_member_id: $member" -H "cms_member_hash: $token")
    local session="$base?hook_type=account&hook=session" push="$base?hook_type=account&hook=setup_push_notifications&device=android"
    # Idle: two seconds after the first login, once the hashing pool has given its kept block back.
    sleep 2
    result[$engine.rss_idle]=$(kib "$server" VmRSS)

    paired "$engine.session" 16 "${auth[@]}" "$session"
    paired "$engine.push_repeat" 16 -s bench/push_repeat.lua "${auth[@]}" "$push"
    paired "$engine.push_first" 16 -s bench/push_first.lua "${auth[@]}" "$push"
    local form="device_auth_member_id_vl=$member&device_auth_pass_hashed_vl=$token"
    bare_request=(-s bench/form_post.lua http://127.0.0.1:18081/hello)
    WRK_BODY="$form" paired "$engine.session_android" 16 -s bench/form_post.lua "$session"
    WRK_BODY="token=740f4707bebcf74f9b7c25d48e3358945f6aa01da5ddb387462c7eaf61bb78ad&$form" \
        paired "$engine.push_repeat_android" 16 -s bench/form_post.lua "$push"
    WRK_BODY="token=first-0000000000-1-0000000000:benchmarkRegistrationToken&$form" WRK_FORM="$form" \
        paired "$engine.push_first_android" 16 -s bench/push_first.lua "$push"
    bare_request=()
    # One hash's time just before and just after the logins, whose mean the ratio uses (here one hash
    # took from 20 to 33 ms within a benchmark). The second also lets the queue of hashes the c16 run
    # leaves behind drain before the c1 logins, whose p99 would otherwise include it.
    local hash_before hash_after
    hash_before=$(python3 bench/argon2_hash_time.py)
    result[$engine.login]=$(run 16 -s bench/login.lua "$base?hook_type=account&hook=login")
    hash_after=$(python3 bench/argon2_hash_time.py)
    result[$engine.hash_ms]=$(awk -v a="$hash_before" -v b="$hash_after" 'BEGIN { printf "%.2f", (a + b) / 2 }')
    result[$engine.hash_around]="$hash_before before, $hash_after after"
    result[$engine.login_c1]=$(run 1 -s bench/login.lua "$base?hook_type=account&hook=login")
    # The session view and the bare route (another process), idle and while logins saturate the cores:
    # with wrk at c4 (itself a saturating load) and with a probe at 200 requests a second.
    local probe=(python3 bench/latency_probe.py)
    result[$engine.cheap_idle]=$(run 4 "${auth[@]}" "$session")
    result[$engine.bare_idle]=$(run 4 http://127.0.0.1:18081/hello)
    result[$engine.probe_idle]=$("${probe[@]}" "$session" "$duration" "cms_member_id: $member" "cms_member_hash: $token")
    result[$engine.probe_bare_idle]=$("${probe[@]}" http://127.0.0.1:18081/hello "$duration")
    wrk -t2 -c16 -d"$(( 4 * duration + 3 ))s" -s bench/login.lua "$base?hook_type=account&hook=login" >/dev/null & local logins=$!
    sleep 1
    result[$engine.cheap_loaded]=$(run 4 "${auth[@]}" "$session")
    result[$engine.bare_loaded]=$(run 4 http://127.0.0.1:18081/hello)
    result[$engine.probe_loaded]=$("${probe[@]}" "$session" "$duration" "cms_member_id: $member" "cms_member_hash: $token")
    result[$engine.probe_bare_loaded]=$("${probe[@]}" http://127.0.0.1:18081/hello "$duration")
    wait "$logins"
    result[$engine.rss_peak]=$(kib "$server" VmHWM)
    # Blocks go back at the first check (once a second) after a second without a hash: within about
    # 2.2 s of the last login's answer, so 2 s sometimes measured them still kept.
    sleep 3
    result[$engine.rss_after]=$(kib "$server" VmRSS)
    kill "$server"
    wait "$server" 2>/dev/null || true
}

bench_engine sqlite "sqlite://$work/bench.sqlite" 18080 sqlite3 "$work/bench.sqlite"
bench_engine postgres "$THROWAWAY_POSTGRES_URL" 18082 psql -q "$THROWAWAY_POSTGRES_URL" -c
cores=$(nproc)

# Prints one table row: the call's figures on both engines, formatted by the awk program given.
row() {
    local label=$1 key=$2 program=$3
    printf '%-34s' "$label"
    for engine in sqlite postgres; do
        local bare=${result[$engine.$key.bare]:-${result[$engine.session.bare]}}
        awk -v bare="${bare%% *}" -v hash="${result[$engine.hash_ms]}" -v cores="$cores" \
            -v idle="${result[$engine.cheap_idle]}" -v bare_idle="${result[$engine.bare_idle]}" \
            -v probe_idle="${result[$engine.probe_idle]}" -v probe_bare_idle="${result[$engine.probe_bare_idle]}" -v rss_idle="${result[$engine.rss_idle]}" -v rss_peak="${result[$engine.rss_peak]}" -v rss_after="${result[$engine.rss_after]}" \
            "BEGIN { split(\"${result[$engine.$key]:-}\", r, \" \"); $program }"
    done
    echo
}
ratio='printf "%8.0f req/s %5.2f of bare, p99 %-8s", r[1], r[1] / bare, r[3]'
echo
printf '%-34s%-40s%-40s\n' "call (wrk, loopback, $cores cores)" "SQLite" "PostgreSQL"
row "bare Hummingbird route (c16)" session.bare 'printf "%8.0f req/s, p99 %-21s", r[1], r[3]'
row "account/session view (c16)" session "$ratio"
row "push registration, same token" push_repeat "$ratio"
row "push registration, new token" push_first "$ratio"
row "Android: session view (c16)" session_android "$ratio"
row "Android: push, same token" push_repeat_android "$ratio"
row "Android: push, new token" push_first_android "$ratio"
row "account/login (c16)" login 'printf "%8.1f req/s = %3.0f%% of cores/hash    ", r[1], 100 * r[1] * hash / (1000 * cores)'
row "account/login (c1)" login_c1 'printf "%8.1f req/s, p99 %-21s", r[1], r[3]'
row "session view p99 (c4), logins on" cheap_loaded 'split(idle, i, " "); printf "%8s idle, %-8s under logins     ", i[3], r[3]'
row "bare route p99 (c4), logins on" bare_loaded 'split(bare_idle, i, " "); printf "%8s idle, %-8s under logins     ", i[3], r[3]'
row "session view p99, 200/s probe" probe_loaded 'split(probe_idle, i, " "); printf "%6.2fms idle, %6.2fms under logins     ", i[2], r[2]'
row "bare route p99, 200/s probe" probe_bare_loaded 'split(probe_bare_idle, i, " "); printf "%6.2fms idle, %6.2fms under logins     ", i[2], r[2]'
row "resident memory idle/peak/after" session 'printf "%5.1f idle, %5.1f peak, %5.1f after MB  ", rss_idle / 1024, rss_peak / 1024, rss_after / 1024'
echo
for engine in sqlite postgres; do
    hash_ms=${result[$engine.hash_ms]}
    echo "one Argon2id hash (m=19456 KiB, t=2, p=1) through libargon2 around the $engine logins: $hash_ms ms (${result[$engine.hash_around]}); cores/hash = $(awk -v h="$hash_ms" -v c="$cores" 'BEGIN {printf "%.1f", 1000 * c / h}') logins/s"
done
