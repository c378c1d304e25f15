"""The editor's revision list and word-level difference, timed as an editor meets them: signs in as
USERNAME, then fetches `/admin/articles/ID` (its newest revisions listed) and `/admin/articles/ID?compare=R`
(the difference between revision R and now) ROUNDS times each, and prints each one's median and
highest time in milliseconds. Standard library only.

Usage: python3 revisions.py BASE_URL USERNAME PASSWORD ID REVISION ROUNDS
"""

import http.cookiejar
import re
import statistics
import sys
import time
import urllib.parse
import urllib.request

base, username, password, article, revision, rounds = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
token = re.search(r'name="form_token" value="([^"]+)"', opener.open(base + "/admin/sign-in").read().decode()).group(1)
opener.open(base + "/admin/sign-in", urllib.parse.urlencode({"form_token": token, "username": username, "password": password}).encode())


def timed(path, expect):
    times = []
    for _ in range(rounds):
        started = time.monotonic()
        page = opener.open(base + path).read().decode()
        times.append((time.monotonic() - started) * 1000)
        if expect not in page:
            raise SystemExit(f"{path}: no {expect!r} in the page")
    return statistics.median(times), max(times)


listed = timed(f"/admin/articles/{article}", 'id="revision-')
compared = timed(f"/admin/articles/{article}?compare={revision}", 'id="difference-heading"')
print(f"{listed[0]:.1f} {listed[1]:.1f} {compared[0]:.1f} {compared[1]:.1f}")
