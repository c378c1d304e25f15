#!/usr/bin/env bash
# Soak (run on demand, never in CI): a release server on a temporary SQLite file under a steady mix for
# DURATION seconds (default 600), on loopback only, stopping itself:
#   - logins at the hashing pool's capacity (wrk, 4 connections);
#   - the authenticated session view (wrk, 4 connections), the cheap call whose p99 is watched;
#   - push registrations with a new token each time (a write each);
#   - anonymous contact messages (refused by the per-network limit after 50 an hour: a designed refusal);
#   - malformed requests (broken chunking, short bodies, garbage) a few times a second.
# Every 30 s it prints the server's resident memory and open descriptors. At the end it checks: no
# request failed (no 500 in the server's log), memory after the first minute grew less than 10%,
# descriptors stayed flat (±10%), and the cheap call's p99 under the mix against its idle p99.
# Usage: bash bench/soak.sh [DURATION_SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-600}
source bench/release-server.sh
port=18181
start_release_server "$port"
auth=(-H "cms_member_id: $member" -H "cms_member_hash: $token")
session="$base?hook_type=account&hook=session"

p99() { awk '$1 == "99%" { print $2 }'; }
idle_p99=$(wrk -t1 -c4 -d10s --latency "${auth[@]}" "$session" | p99)
echo "cheap call p99 idle: $idle_p99"

wrk -t1 -c4 -d"${duration}s" -s bench/login.lua "$base?hook_type=account&hook=login" >"$work/login.txt" & pids+=($!)
wrk -t1 -c4 -d"${duration}s" --latency "${auth[@]}" "$session" >"$work/session.txt" & pids+=($!)
wrk -t1 -c2 -d"${duration}s" -s bench/push_first.lua "${auth[@]}" "$base?hook_type=account&hook=setup_push_notifications&device=android" >"$work/push.txt" & pids+=($!)
wrk -t1 -c1 -d"${duration}s" -s bench/contact.lua "$base?hook_type=misc&hook=contact_us" >"$work/contact.txt" & pids+=($!)
python3 - "$port" "$duration" <<'PY' & pids+=($!)
import socket, sys, time
port, duration = int(sys.argv[1]), float(sys.argv[2])
bad = [
    b"POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nx\r\n0\r\n\r\n",
    b"POST /data/endpoint.php?hook_type=account&hook=login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nusername=a",
    b"\x00\xff garbage \r\n\r\n",
    b"GET /data/endpoint.php?hook_type=..%2F&hook=%ZZ HTTP/1.1\r\nHost: x\r\n\r\n",
]
end = time.time() + duration
i = 0
while time.time() < end:
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=2)
        s.sendall(bad[i % len(bad)])
        s.shutdown(socket.SHUT_WR)
        s.recv(4096)
        s.close()
    except OSError:
        pass
    i += 1
    time.sleep(0.25)
PY

samples=()
elapsed=0
while [ $((elapsed + 30)) -lt "$duration" ]; do
    sleep 30
    elapsed=$((elapsed + 30))
    rss=$(awk '$1 == "VmRSS:" { print $2 }' "/proc/$server/status")
    fds=$(ls "/proc/$server/fd" | wc -l)
    samples+=("$elapsed $rss $fds")
    printf '%5ss  RSS %7.1f MB  open descriptors %4d\n' "$elapsed" "$(awk -v k="$rss" 'BEGIN { print k / 1024 }')" "$fds"
done
wait "${pids[@]:1}" 2>/dev/null || true

loaded_p99=$(p99 <"$work/session.txt")
failures=$(grep -c "request failed" "$work/server.log" || true)
echo
echo "requests: logins $(awk '/requests in/ { print $1 }' "$work/login.txt"), session views $(awk '/requests in/ { print $1 }' "$work/session.txt"), push registrations $(awk '/requests in/ { print $1 }' "$work/push.txt"), contact messages $(awk '/requests in/ { print $1 }' "$work/contact.txt")"
echo "cheap call p99: idle $idle_p99, under the mix $loaded_p99"
echo "requests that failed (500): $failures"
printf '%s\n' "${samples[@]}" | awk -v failures="$failures" '
    NR == 2 { rss0 = $2; fds0 = $3 }
    { rss = $2; fds = $3 }
    END {
        growth = 100 * (rss - rss0) / rss0
        fdgrowth = fds0 > 0 ? 100 * (fds - fds0) / fds0 : 0
        printf "memory after the first minute: %.1f MB -> %.1f MB (%+.1f%%); descriptors %d -> %d\n", rss0 / 1024, rss / 1024, growth, fds0, fds
        ok = failures == 0 && growth < 10 && fdgrowth < 10 && fdgrowth > -10
        print ok ? "PASS" : "FAIL"
        exit ok ? 0 : 1
    }'
