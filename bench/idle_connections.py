"""Resident memory a server spends per idle keep-alive connection: opens COUNT connections to
127.0.0.1:PORT, sends one `GET PATH` on each (with the request header HEADER, if given) and reads
its answer's head (a stream's, too: its events keep coming, unread), then holds them all idle and
reads the server's VmRSS (PID) before and 3 s after; prints the growth per connection in bytes.

Run each case on a fresh server: memory freed by connections that closed is kept by malloc and would
hide the next case's growth.

Usage: python3 bench/idle_connections.py PORT COUNT PATH PID [HEADER]
"""
import asyncio
import sys


def resident_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    raise SystemExit(f"no process {pid}")


async def connect(port, path, header, held):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{header}\r\n".encode())
    await writer.drain()
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = await reader.read(4096)
        if not chunk:
            raise SystemExit(f"{path}: the server closed a connection before answering")
        head += chunk
    held.append((reader, writer))


async def main(port, count, path, pid, header):
    held = []
    before = resident_kb(pid)
    for start in range(0, count, 200):
        await asyncio.gather(*(connect(port, path, header, held) for _ in range(start, min(count, start + 200))))
    await asyncio.sleep(3)
    after = resident_kb(pid)
    print(f"{path}: {count} idle connections, {before // 1024} -> {after // 1024} MB: {(after - before) * 1024 // count} bytes each")


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6):
        raise SystemExit(__doc__)
    header = sys.argv[5] + "\r\n" if len(sys.argv) == 6 else ""
    asyncio.run(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), header))
