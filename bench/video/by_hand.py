"""Runs, one after the other, the ffmpeg commands the server logged ("ffmpeg run", JSON log lines) for
its first video, with its work folder replaced by OUTPUT; prints the seconds they took in all.
Usage: python3 by_hand.py SERVER_LOG OUTPUT"""
import json
import os
import re
import subprocess
import sys
import time

log, output = sys.argv[1], sys.argv[2]
runs = []
for line in open(log, encoding="utf-8"):
    try:
        entry = json.loads(line)
    except ValueError:
        continue
    if entry.get("message") == "ffmpeg run":
        runs.append(json.loads(entry["arguments"]))
# The ladder, the MP4, the poster: the first make's three runs (a read-through by the probe is not logged).
runs = runs[:3]
work = re.compile(r"/videos/[0-9a-f]{64}/work-[0-9a-f-]+")
started = time.monotonic()
for arguments in runs:
    arguments = [work.sub(output, argument) for argument in arguments]
    os.makedirs(output, exist_ok=True)
    subprocess.run(["/usr/bin/ffmpeg"] + arguments, check=True, stdout=subprocess.DEVNULL)
print(f"{time.monotonic() - started:.1f} {len(runs)}")
