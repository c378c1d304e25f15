#!/usr/bin/env bash
# Resident memory per idle connection (run on demand, never in CI): COUNT (default 5000) keep-alive
# connections, each after one request, held idle against a fresh release server per case — the
# bare Hummingbird route (bench/Baseline), then this server's /healthz, the `account/session` view
# and a `content/news` live stream (left unread; asked for as EventSource does and as curl does) —
# so a live stream's cost reads against the framework's own floor and a plain keep-alive
# connection's.
# Usage: bash bench/idle-memory.sh [COUNT]
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5000}
ulimit -n "$(ulimit -Hn)"
swift build -c release --package-path bench/Baseline --scratch-path .build-bench --product Baseline >/dev/null
source bench/release-server.sh

"$(pwd)/.build-bench/release/Baseline" 18083 >/dev/null 2>&1 & pids+=($!)
baseline=$!
until curl -fs -o /dev/null http://127.0.0.1:18083/hello; do sleep 0.2; done
echo -n "bare Hummingbird route, "
python3 bench/idle_connections.py 18083 "$count" /hello "$baseline"
kill "$baseline"

port=18184
# The live stream twice: as an EventSource asks for it (`Accept: text/event-stream`, answered in a
# task of its own) and as `curl -N` does, without the header.
cases=(/healthz "" "/data/endpoint.php?hook_type=account&hook=session" "" /data/endpoint.php/content/news/live "Accept: text/event-stream"
    /data/endpoint.php/content/news/live "")
for ((i = 0; i < ${#cases[@]}; i += 2)); do
    path=${cases[i]} header=${cases[i + 1]}
    rm -f "$work/bench.sqlite"*
    "$endpoint" migrate --database "sqlite://$work/bench.sqlite" >/dev/null 2>&1
    command sqlite3 "$work/bench.sqlite" "UPDATE config SET value = '100000' WHERE name IN ('news_live_streams', 'news_live_streams_per_network')"
    start_release_server "$port" --max-connections 30000 --max-connections-per-network 30000
    echo -n "endpoint${header:+ ($header)}, "
    python3 bench/idle_connections.py "$port" "$count" "$path" "$server" ${header:+"$header"}
    kill "$server"
    wait "$server" 2>/dev/null || true
    port=$((port + 1))
done
