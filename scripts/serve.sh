#!/usr/bin/env bash
# Runs the server on the embedded default (SQLite at ./data/endpoint.sqlite, migrated on start).
# Extra arguments go to `endpoint serve` (see `--help`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/require-swift.sh
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libgumbo-dev libjs-sortable pkg-config
exec swift run endpoint serve "$@"
