#!/usr/bin/env bash
# Benchmarks on loopback with wrk (run on demand, never in CI): requests/s and p50/p99 latency of
#   - a bare Hummingbird route (bench/Baseline), the ceiling, measured in the same run;
#   - account/session view with a device token (iOS-style headers), concurrency 16;
#   - account/login (urlencoded), concurrency 16, and one login at concurrency 1;
# and prints each next to the ceiling as a ratio, and login throughput against cores / the time of one
# Argon2id hash through the same system libargon2 (bench/argon2_hash_time.py). Release builds; SQLite in a temporary folder.
# Usage: bash bench/run.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev pkg-config wrk sqlite3 curl

swift build -c release --product endpoint >/dev/null
swift build -c release --package-path bench/Baseline --scratch-path .build-bench >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
baseline=".build-bench/release/Baseline"

work=$(mktemp -d /tmp/endpoint-bench.XXXXXX)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
database="sqlite://$work/bench.sqlite"
echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null 2>&1
# No throttling in the way of repeated logins from one address.
sqlite3 "$work/bench.sqlite" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures'"

ENDPOINT_LOG_LEVEL=error "$endpoint" serve --database "$database" --port 18080 & pids+=($!)
"$baseline" 18081 >/dev/null 2>&1 & pids+=($!)
for url in http://127.0.0.1:18080/healthz http://127.0.0.1:18081/hello; do
    for _ in $(seq 100); do curl -fs -o /dev/null "$url" && break; sleep 0.2; done
done

login=$(curl -fs -d username=bench -d password=benchmark-password 'http://127.0.0.1:18080/data/endpoint.php?hook_type=account&hook=login')
token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')

# run NAME CONNECTIONS wrk-args... ; prints "NAME req/s p50 p99"
run() {
    local name=$1 connections=$2; shift 2
    local out
    out=$(wrk -t"$(( connections < 2 ? 1 : 2 ))" -c"$connections" -d"${duration}s" --latency "$@")
    local rps p50 p99
    rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
    p50=$(echo "$out" | awk '$1 == "50%" {print $2}')
    p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
    printf '%s %s %s %s\n' "$name" "$rps" "$p50" "$p99"
}

results=()
results+=("$(run bare-hummingbird-route 16 http://127.0.0.1:18081/hello)")
results+=("$(run session-view 16 -H "cms_member_id: $member" -H "cms_member_hash: $token" \
    'http://127.0.0.1:18080/data/endpoint.php?hook_type=account&hook=session')")
results+=("$(run login 16 -s bench/login.lua 'http://127.0.0.1:18080/data/endpoint.php?hook_type=account&hook=login')")
results+=("$(run login-c1 1 -s bench/login.lua 'http://127.0.0.1:18080/data/endpoint.php?hook_type=account&hook=login')")

ceiling=$(echo "${results[0]}" | awk '{print $2}')
cores=$(nproc)
printf '\n%-24s %12s %10s %10s  %s\n' "route" "req/s" "p50" "p99" "ratio"
for row in "${results[@]}"; do
    set -- $row
    printf '%-24s %12s %10s %10s  %s\n' "$1" "$2" "$3" "$4" "$(awk -v a="$2" -v b="$ceiling" 'BEGIN {printf "%.1f%% of bare route", 100 * a / b}')"
done
login_rps=$(echo "${results[2]}" | awk '{print $2}')
single=$(echo "${results[3]}" | awk '{print $2}')
hash_ms=$(python3 bench/argon2_hash_time.py)
echo
awk -v l="$login_rps" -v s="$single" -v c="$cores" -v h="$hash_ms" 'BEGIN {
    printf "one Argon2id hash (m=19456 KiB, t=2, p=1): %.1f ms; one login at a time: %.1f ms\n", h, 1000 / s
    printf "login at c16: %.1f req/s = %.0f%% of cores / hash time (%d cores -> %.1f req/s)\n", l, 100 * l * h / (1000 * c), c, 1000 * c / h
}'
