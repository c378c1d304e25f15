"""Fifty editors typing in the console: each signs in, then every 3 seconds autosaves a maximal
article (a 255-character title, a 20,000-character summary, a 1,000,000-character body: the editor's
limits) as the editor's own script does, the body's first word changed each time (typing), until
SECONDS have passed. Prints how many autosaves were answered and how many failed. Standard library
only.

Usage: python3 editors.py BASE_URL USERNAME_PREFIX PASSWORD COUNT SECONDS
"""

import http.cookiejar
import re
import sys
import threading
import time
import urllib.parse
import urllib.request

base, prefix, password, count, seconds = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
TOKEN = re.compile(r'name="form_token" value="([^"]+)"')
words = ("harbour tide quay boats dawn storm cafe market ferry light " * 20_000)[:1_000_000]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def editor(index, answered, failed, ready):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()), NoRedirect)

    def token(path):
        return TOKEN.search(opener.open(base + path).read().decode()).group(1)

    def post(path, fields):
        data = fields if isinstance(fields, bytes) else urllib.parse.urlencode(fields).encode()
        try:
            return opener.open(base + path, data).status
        except urllib.error.HTTPError as error:
            return error.code

    status = post("/admin/sign-in", {"form_token": token("/admin/sign-in"), "username": f"{prefix}{index}", "password": password})
    if status != 303:
        raise SystemExit(f"{prefix}{index} could not sign in: {status}")
    # Encoded once, each save's counter written over the first word: a browser encodes on the
    # editor's own machine, and this process shares the server's two cores (encoding 1 MB each time
    # was a twentieth of a core).
    form = urllib.parse.urlencode({
        "form_token": token("/admin/articles/new"), "title": f"{index} " + "t" * 250, "category": "1", "summary": "s" * 20_000,
        "body": "00000000" + words[8:], "format": "markdown", "action": "autosave",
    }).encode()
    typed = form.index(b"&body=") + len(b"&body=")
    ready.wait()
    deadline = time.monotonic() + seconds
    beat = time.monotonic() + index * 3.0 / count  # spread over the 3 seconds
    while beat < deadline:
        time.sleep(max(0.0, beat - time.monotonic()))
        saved = len(answered) + len(failed)
        form = form[:typed] + b"%08d" % saved + form[typed + 8:]
        (answered if post("/admin/articles/new", form) == 200 else failed).append(1)
        beat += 3.0


answered, failed, ready = [], [], threading.Event()
threads = [threading.Thread(target=editor, args=(i, answered, failed, ready)) for i in range(count)]
for thread in threads:
    thread.start()
time.sleep(count * 0.2)  # every sign-in done (Argon2id, one at a time)
ready.set()
for thread in threads:
    thread.join()
print(len(answered), len(failed))
