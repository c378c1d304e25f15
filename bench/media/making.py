"""Times the making of image versions through the server, and watches its memory.

  python3 making.py BASE PID single URL...   one request at a time, each a version never made:
                                             prints median and p99 milliseconds per image
  python3 making.py BASE PID parallel N URL... N requests at a time: prints images a second
  python3 making.py BASE PID many URL...     every version of every URL (7 versions x JPEG and
                                             WebP), 4 at a time: prints the count and the
                                             server's highest resident memory while making them
URLs are site-relative image paths (/media/<hash>/<name>.jpg); PID is the server's.
"""
import concurrent.futures
import statistics
import sys
import threading
import time
import urllib.request

base, pid, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]


def fetch(path, accept="image/jpeg"):
    request = urllib.request.Request(base + path, headers={"Accept": accept})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=120) as response:
        response.read()
        assert response.status == 200, response.status
    return time.perf_counter() - started


def rss_kilobytes():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


if mode == "single":
    times = sorted(fetch(path + "?d=2") * 1000 for path in sys.argv[4:])
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    print(f"{statistics.median(times):.1f} {p99:.1f} {len(times)}")
elif mode == "parallel":
    workers, paths = int(sys.argv[4]), sys.argv[5:]
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        list(pool.map(lambda path: fetch(path + "?d=2"), paths))
    print(f"{len(paths) / (time.perf_counter() - started):.1f} {len(paths)}")
else:
    queries = ["", "?d=0", "?d=1", "?d=2", "?s=75", "?s=150", "?s=300"]
    jobs = [(path + query, accept) for path in sys.argv[4:] for query in queries for accept in ("image/jpeg", "image/webp")]
    peak = [rss_kilobytes()]
    done = threading.Event()

    def watch():
        while not done.wait(0.05):
            peak[0] = max(peak[0], rss_kilobytes())

    watcher = threading.Thread(target=watch)
    watcher.start()
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda job: fetch(*job), jobs))
    done.set()
    watcher.join()
    print(f"{len(jobs)} {peak[0] / 1024:.0f}")
