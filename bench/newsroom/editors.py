"""Fifty editors typing in the console: each signs in, then every 3 seconds autosaves a maximal
article (a 255-character title, a 20,000-character summary, a 1,000,000-character body: the editor's
limits) as the editor's own script does, the body's first word changed each time (typing), until
SECONDS have passed: the first keep sends the form whole, each later one what changed since the keep
the server numbered (`Draft-Kept`) — the body's first word as a splice, the summary as an empty one —
and the form whole again should the server answer 412. With BENCH_WHOLE=1 every keep sends the form
whole (the script before autosaves carried changes). Prints how many autosaves were answered and how
many failed. SECONDS count from when every editor has signed in, which READY_FILE (if given) then
says by existing. Standard library only.

Usage: python3 editors.py BASE_URL USERNAME_PREFIX PASSWORD COUNT SECONDS [READY_FILE]
"""

import http.cookiejar
import os
import re
import sys
import threading
import time
import urllib.parse
import urllib.request

base, prefix, password, count, seconds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
ready_file = sys.argv[6] if len(sys.argv) > 6 else None
TOKEN = re.compile(r'name="form_token" value="([^"]+)"')
words = ("harbour tide quay boats dawn storm cafe market ferry light " * 20_000)[:1_000_000]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def editor(index, answered, failed, signed_in, ready):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect)

    def token(path):
        return TOKEN.search(opener.open(base + path).read().decode()).group(1)

    def post(path, fields):
        data = fields if isinstance(fields, bytes) else urllib.parse.urlencode(fields).encode()
        try:
            answer = opener.open(base + path, data)
            return answer.status, answer.headers.get("Draft-Kept")
        except urllib.error.HTTPError as error:
            return error.code, None

    # Fifty at once fill the server's password-hashing pool: a 429 says when to try again (1 s).
    for _ in range(60):
        status, _ = post("/admin/sign-in", {"form_token": token("/admin/sign-in"), "username": f"{prefix}{index}", "password": password})
        if status != 429:
            break
        time.sleep(1)
    if status != 303:
        signed_in.abort()  # the bench stops, saying so, rather than measuring fewer editors
        raise SystemExit(f"{prefix}{index} could not sign in: {status}")
    # Encoded once, each save's counter written over the first word: a browser encodes on the
    # editor's own machine, and this process shares the server's two cores (encoding 1 MB each time
    # was a twentieth of a core).
    form_token = token("/admin/articles/new")
    whole = urllib.parse.urlencode({
        "form_token": form_token, "title": f"{index} " + "t" * 250, "category": "1", "summary": "s" * 20_000,
        "body": "00000000" + words[8:], "format": "markdown", "action": "autosave",
    }).encode()
    typed = whole.index(b"&body=") + len(b"&body=")
    change = urllib.parse.urlencode({
        "form_token": form_token, "action": "autosave", "draft_kept": "KEPT", "splice.body": f"0,8,{len(words)}", "body": "00000000",
        "splice.summary": "20000,20000,20000", "summary": "",
    })
    kept = None
    signed_in.wait()
    ready.wait()
    deadline = time.monotonic() + seconds
    beat = time.monotonic() + index * 3.0 / count  # spread over the 3 seconds
    while beat < deadline:
        time.sleep(max(0.0, beat - time.monotonic()))
        saved = b"%08d" % (len(answered) + len(failed))
        whole = whole[:typed] + saved + whole[typed + 8:]
        if kept is not None and not sending_whole:
            status, number = post("/admin/articles/new", change.replace("KEPT", kept).replace("body=00000000", "body=" + saved.decode()).encode())
            if status == 412:
                kept = None
        if kept is None or sending_whole:
            status, number = post("/admin/articles/new", whole)
        kept = number
        (answered if status == 200 else failed).append(1)
        beat += 3.0


sending_whole = os.environ.get("BENCH_WHOLE") == "1"
answered, failed, signed_in, ready = [], [], threading.Barrier(count + 1, timeout=300), threading.Event()
threads = [threading.Thread(target=editor, args=(i, answered, failed, signed_in, ready)) for i in range(count)]
for thread in threads:
    thread.start()
signed_in.wait()  # every sign-in done (Argon2id checks, not to be measured)
if ready_file:
    open(ready_file, "w").close()
ready.set()
for thread in threads:
    thread.join()
print(len(answered), len(failed))
