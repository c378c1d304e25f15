#!/usr/bin/env bash
# Connection abuse (run on demand, never in CI): a release server on a temporary SQLite file, loopback
# only. Measures the authenticated session view's p99 (wrk, 4 connections, 10 s) idle, then again
# while HOLD (default 2000) idle keep-alive connections and 20 slowloris clients (one header byte a
# second) are held open; then waits past the server's idle and header timeouts (run here with
# --idle-timeout 20 --header-timeout 10) and counts how many of those connections the server closed.
# Passes when the p99 under abuse stays under 20 ms and every abusive connection was closed.
# Usage: bash bench/connections.sh [HOLD]
set -euo pipefail
cd "$(dirname "$0")/.."
hold=${1:-2000}
ulimit -n 16384
source bench/release-server.sh
port=18182
start_release_server "$port" --idle-timeout 20 --header-timeout 10
session="$base?hook_type=account&hook=session"
p99() { wrk -t1 -c4 -d10s --latency -H "cms_member_id: $member" -H "cms_member_hash: $token" "$session" | awk '$1 == "99%" { print $2 }'; }

idle=$(p99)
echo "session view p99, idle: $idle"

# The abusive clients: HOLD keep-alive connections that asked once and then say nothing, and 20 that
# trickle a request head. They report (on stdout) how many the server had closed when told to stop.
python3 - "$port" "$hold" >"$work/held.txt" <<'PY' & abuser=$!
import selectors, socket, sys, time
port, hold = int(sys.argv[1]), int(sys.argv[2])
idle = []
for _ in range(hold):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    s.recv(4096)
    s.setblocking(False)
    idle.append(s)
slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
for s in slow:
    s.setblocking(False)
print(f"held {len(idle)} idle and {len(slow)} slowloris connections", flush=True)
head = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 200
def _closed(s):
    try:
        return s.recv(4096) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True
end = time.time() + 35
i = 0
while time.time() < end:
    for s in slow:
        try:
            s.send(head[i % len(head):i % len(head) + 1])
        except OSError:
            pass
    i += 1
    time.sleep(1)
print(f"closed by the server after 35 s: {sum(map(_closed, idle))} of {len(idle)} idle, {sum(map(_closed, slow))} of {len(slow)} slowloris", flush=True)
PY
pids+=("$abuser")
for _ in $(seq 300); do grep -q held "$work/held.txt" && break; sleep 0.1; done
cat "$work/held.txt"
abused=$(p99)
echo "session view p99, with them held: $abused"
wait "$abuser"
tail -1 "$work/held.txt"
echo "server log lines about closed connections: $(grep -c 'closing connection' "$work/server.log" || true)"

python3 - "$abused" "$hold" "$(tail -1 "$work/held.txt")" <<'PY'
import re, sys
value, hold, closed = sys.argv[1], int(sys.argv[2]), sys.argv[3]
ms = float(re.match(r"[\d.]+", value).group()) * {"us": 0.001, "ms": 1, "s": 1000}[re.search(r"[a-z]+", value).group()]
ok = ms < 20 and closed.count(f"{hold} of {hold}") == 1 and "20 of 20" in closed
print("PASS" if ok else "FAIL", f"(p99 {ms:.2f} ms under abuse, limit 20 ms)")
sys.exit(0 if ok else 1)
PY
