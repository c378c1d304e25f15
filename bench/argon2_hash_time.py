"""Prints the median time in milliseconds of one Argon2id hash through the system libargon2 (the
library the server links), with the server's default parameters: m=19456 KiB, t=2, p=1."""
import ctypes
import os
import statistics
import time

library = ctypes.CDLL("libargon2.so.1")
output = ctypes.create_string_buffer(32)
password = b"benchmark-password"
salt = os.urandom(16)
times = []
for _ in range(15):
    started = time.perf_counter()
    if library.argon2id_hash_raw(2, 19456, 1, password, len(password), salt, len(salt), output, 32) != 0:
        raise SystemExit("argon2id_hash_raw failed")
    times.append(time.perf_counter() - started)
print(f"{statistics.median(times) * 1000:.2f}")
