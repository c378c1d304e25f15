"""Latency of a cheap call as one user meets it: a fixed rate of requests (default 200 a second) on
one keep-alive connection, each timed from send to full answer; prints the p50, p99 and max in ms.

wrk drives as many requests as the server can answer, so on a 2-core machine that is already busy
(logins filling both cores with hashing) the load generator and the server fight for the same cores,
and its p99 measures that fight. A probe at a modest fixed rate measures what the issue asks: how long
a cheap call waits while logins saturate the hashing threads.

Usage: python3 bench/latency_probe.py URL SECONDS [HEADER: VALUE]... (RATE env var, default 200)
"""
import http.client
import os
import sys
import time
from urllib.parse import urlsplit

url, seconds, headers = urlsplit(sys.argv[1]), float(sys.argv[2]), dict(h.split(": ", 1) for h in sys.argv[3:])
rate = float(os.environ.get("RATE", "200"))
connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
target = url.path + ("?" + url.query if url.query else "")
latencies = []
start = time.perf_counter()
next_send = start
while time.perf_counter() - start < seconds:
    now = time.perf_counter()
    if now < next_send:
        time.sleep(next_send - now)
    sent = time.perf_counter()
    connection.request("GET", target, headers=headers)
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"probe: HTTP {response.status}")
    latencies.append((time.perf_counter() - sent) * 1000)
    next_send += 1 / rate
latencies.sort()
pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))]
print(f"{pick(0.5):.2f} {pick(0.99):.2f} {latencies[-1]:.2f}")
