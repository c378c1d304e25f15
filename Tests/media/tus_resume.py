"""Uploads a file with tuspy (the tus project's Python client) through a proxy that cuts the
connection once a fraction of the file went through, then resumes the upload with a new tuspy
uploader, as a phone does when its connection comes back.

Usage: tus_resume.py BASE_URL FILE MEMBER_ID TOKEN CUT_FRACTION
Prints one JSON object: the file's size and SHA-256, where the cut happened, the offset the resumed
uploader was told by the server (its HEAD), the upload's path and the headers of the last answer.
"""
import hashlib
import json
import socket
import struct
import sys
import threading
from urllib.parse import urlparse

import requests
from tusclient import client
from tusclient.exceptions import TusCommunicationError, TusUploadFailed

base, path, member, token, fraction = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], float(sys.argv[5])
data = open(path, "rb").read()
cut_at = int(len(data) * fraction)
server = urlparse(base)


class CuttingProxy:
    """Forwards connections to the server; once `cut_at` body bytes of PATCH requests went through,
    cuts that connection, once."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.forwarded = 0
        self.cut = False
        threading.Thread(target=self.accept, daemon=True).start()

    def accept(self):
        while True:
            downstream, _ = self.listener.accept()
            upstream = socket.create_connection((server.hostname, server.port))
            link = {"broken": False}
            threading.Thread(target=self.pump, args=(downstream, upstream, True, link), daemon=True).start()
            threading.Thread(target=self.pump, args=(upstream, downstream, False, link), daemon=True).start()

    def break_off(self, client_side, server_side):
        """The cut: the server's side ends mid-body, and once the server is done with the request (it
        closes its side), the client's connection is reset without an answer."""
        server_side.shutdown(socket.SHUT_WR)
        server_side.settimeout(30)
        try:
            while server_side.recv(65536):
                pass
        except OSError:
            pass
        client_side.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        for side in (client_side, server_side):
            side.close()

    def pump(self, source, target, counting, link):
        try:
            patch = False
            while True:
                chunk = source.recv(65536)
                if not chunk or link["broken"]:
                    break
                if counting and chunk.startswith(b"PATCH "):
                    patch = True
                    chunk_body = chunk.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in chunk else b""
                    head = chunk[: len(chunk) - len(chunk_body)]
                    target.sendall(head)
                    chunk = chunk_body
                if counting and patch and not self.cut:
                    room = cut_at - self.forwarded
                    if len(chunk) >= room:
                        target.sendall(chunk[:room])
                        self.forwarded += room
                        self.cut = True
                        link["broken"] = True
                        self.break_off(source, target)
                        return
                    self.forwarded += len(chunk)
                target.sendall(chunk)
        except OSError:
            pass
        for side in (source, target):
            try:
                side.close()
            except OSError:
                pass


proxy = CuttingProxy()
headers = {"cms_member_id": member, "cms_member_hash": token}
chunk_size = max(1, len(data) // 4)
first = client.TusClient(f"http://127.0.0.1:{proxy.port}/uploads", headers=headers).uploader(
    path, chunk_size=chunk_size, retries=0, metadata={"filename": "resumed clip.mp4"}
)
failed = False
try:
    first.upload()
except (TusUploadFailed, TusCommunicationError):
    failed = True
upload_path = urlparse(first.url).path

second = client.TusClient(base + "/uploads", headers=headers).uploader(path, url=base + upload_path, chunk_size=chunk_size, retries=0)
resumed_from = second.offset
second.upload()
last = requests.head(base + upload_path, headers=dict(headers, **{"Tus-Resumable": "1.0.0"}))
print(json.dumps({
    "size": len(data), "sha256": hashlib.sha256(data).hexdigest(), "cut_at": cut_at, "first_failed": failed,
    "resumed_from": resumed_from, "path": upload_path, "status": last.status_code, "headers": dict(last.headers),
}))
