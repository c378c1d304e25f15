#!/usr/bin/env bash
# Live news streams at scale, on one instance (release build, SQLite): STREAMS idle streams
# (default 10,000) held by bench/Baseline's LiveStreams client (wrk cannot read streams), and
#   - the server's resident memory before the streams and with them open and idle: growth per stream;
#   - the cheap authenticated call (account/session view, iOS-style headers, wrk at concurrency 16)
#     with the streams open, against the mean of a run before they opened and one after they closed;
#   - COMMITS articles (default 50) written one after another through content/commandr_fs: from each
#     write's answer to its event at the last of the streams (p50, p99, max over the commits), and the
#     p99 over every stream and commit.
# Run on demand, never in CI. Usage: bash bench/live.sh [streams, 10000] [commits, 50] [seconds, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
streams=${1:-10000}
commits=${2:-50}
duration=${3:-10}
ulimit -n "$(ulimit -Hn)"
swift build -c release --package-path bench/Baseline --scratch-path .build-bench --product LiveStreams >/dev/null
client=".build-bench/release/LiveStreams"
source bench/release-server.sh
bash scripts/system-packages.sh iproute2

# Streams from one address (this machine) far past what one network may hold by default.
"$endpoint" migrate --database "sqlite://$work/bench.sqlite" >/dev/null 2>&1
sqlite3 "$work/bench.sqlite" "UPDATE config SET value = '100000' WHERE name IN ('news_live_streams', 'news_live_streams_per_network')"
echo -n 'administrator-password' | "$endpoint" member add --database "sqlite://$work/bench.sqlite" --username admin \
    --email admin@example.com --admin --password-stdin >/dev/null 2>&1
start_release_server 18090 --max-connections 30000 --max-connections-per-network 30000
admin_login=$(curl -fs -d username=admin -d password=administrator-password "$base?hook_type=account&hook=login")
admin_token=$(echo "$admin_login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
admin_member=$(echo "$admin_login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')

session=(-H "cms_member_id: $member" -H "cms_member_hash: $token" "$base?hook_type=account&hook=session")
throughput() { wrk -t2 -c16 -d"${duration}s" "${session[@]}" | awk '/Requests\/sec/ { print $2 }'; }
resident_kb() { awk '/VmRSS/ { print $2 }' "/proc/$server/status"; }

wrk -t2 -c16 -d3s "${session[@]}" >/dev/null
without=$(throughput)
rss_before=$(resident_kb)
"$client" 18090 "$streams" "$commits" "$admin_member" "$admin_token" $(( duration + 10 )) > "$work/client.log" 2>&1 & pids+=($!)
client_pid=$!
until grep -q '^ready' "$work/client.log"; do
    kill -0 "$client_pid" 2>/dev/null || { cat "$work/client.log"; exit 1; }
    sleep 0.5
done
sleep 3
rss_streams=$(resident_kb)
with=$(throughput)
wait "$client_pid"
# The streams closed: the call once more without them, so the ratio is against the mean of a run
# before the streams and one after (this machine drifts by 10% or more between runs) — once the
# server has finished with the closed connections (it is busy for seconds: ending each connection's
# task walks Hummingbird's task group of them all).
until [ "$(ss -Htn state established '( sport = :18090 )' | wc -l)" -lt 10 ]; do sleep 0.5; done
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
while :; do
    ticks=$(cpu_ticks)
    sleep 1
    [ $(( $(cpu_ticks) - ticks )) -lt 5 ] && break
done
after=$(throughput)

echo "streams: $(grep '^opened' "$work/client.log")"
echo "resident memory: $((rss_before / 1024)) MB before, $((rss_streams / 1024)) MB with $streams idle streams: $(( (rss_streams - rss_before) * 1024 / streams )) bytes per stream"
echo "account/session view (c16): $without and $after req/s without the streams (before, after), $with req/s with them open: $(awk -v a="$with" -v b="$without" -v c="$after" 'BEGIN { printf "%.2f", 2 * a / (b + c) }') of their mean"
grep '^commit' "$work/client.log"
