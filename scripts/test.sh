#!/usr/bin/env bash
# Runs the whole test suite: every test on SQLite and, against a throwaway PostgreSQL server this script
# starts on 127.0.0.1 (unless ENDPOINT_TEST_POSTGRES_URL already names one), every engine test on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev pkg-config postgresql \
    openssl chromium chromium-driver python3-selenium

if [ -z "${ENDPOINT_TEST_POSTGRES_URL:-}" ]; then
    source scripts/throwaway-postgres.sh
    trap stop_throwaway_postgres EXIT
    start_throwaway_postgres "${ENDPOINT_TEST_POSTGRES_PORT:-54329}" -c fsync=off -c max_connections=300
    export ENDPOINT_TEST_POSTGRES_URL="$THROWAWAY_POSTGRES_URL"
fi

# One test at a time: the suite takes about 20 s that way, and the timing comparison of logins
# (PasswordTests) and the process tests then measure the server rather than their neighbours.
swift test --no-parallel "$@"
