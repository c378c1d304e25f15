#!/usr/bin/env bash
# What metrics cost the authenticated call: account/session view (iOS-style headers, wrk c16) on one
# SQLite database, served alternately without metrics and with `--metrics-port` (a scrape every second
# while it runs, as Prometheus would, faster than usual), three rounds each; prints each server's best
# throughput and their ratio (the issue's goal: with metrics at least 0.95 of without). Run on demand,
# never in CI. Usage: bash bench/metrics.sh [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk curl
swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
work=$(mktemp -d /tmp/endpoint-bench-metrics.XXXXXX)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
database="sqlite://$work/bench.sqlite"
echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null 2>&1

wait_for() {
    for _ in $(seq 100); do curl -fs -o /dev/null "$1" && return 0; sleep 0.2; done
    echo "no answer from $1" >&2
    return 1
}

# session_rps [serve flags…]: starts a server, logs in, measures the session view, stops it.
session_rps() {
    "$endpoint" serve --database "$database" --port 18090 "$@" 2>>"$work/server.log" & local server=$!
    pids+=("$server")
    wait_for http://127.0.0.1:18090/healthz
    local base="http://127.0.0.1:18090/data/endpoint.php" login token scraper=""
    login=$(curl -fs -d username=bench -d password=benchmark-password "$base?hook_type=account&hook=login")
    token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
    if [ $# -gt 0 ]; then
        (while true; do curl -fs -o /dev/null http://127.0.0.1:19090/metrics || true; sleep 1; done) & scraper=$!
    fi
    wrk -t2 -c16 -d"${duration}s" -H "cms_member_id: 2" -H "cms_member_hash: $token" "$base?hook_type=account&hook=session" \
        | awk '/Requests\/sec/ { print $2 }'
    [ -z "$scraper" ] || kill "$scraper"
    kill "$server"
    wait "$server" 2>/dev/null || true
}

off=0 on=0
for round in 1 2 3; do
    without=$(session_rps)
    with=$(session_rps --metrics-port 19090)
    echo "round $round: without metrics $without req/s, with metrics $with req/s"
    off=$(awk -v a="$off" -v b="$without" 'BEGIN { print (b > a ? b : a) }')
    on=$(awk -v a="$on" -v b="$with" 'BEGIN { print (b > a ? b : a) }')
done
awk -v off="$off" -v on="$on" 'BEGIN { printf "best: without %.0f req/s, with %.0f req/s: %.3f of without\n", off, on, on / off }'
