#!/usr/bin/env bash
# Runs the whole test suite: every test on SQLite and, against a throwaway PostgreSQL server this script
# starts on 127.0.0.1 (unless ENDPOINT_TEST_POSTGRES_URL already names one), every engine test on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev pkg-config postgresql \
    openssl chromium chromium-driver python3-selenium

if [ -z "${ENDPOINT_TEST_POSTGRES_URL:-}" ]; then
    pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    pg_port=${ENDPOINT_TEST_POSTGRES_PORT:-54329}
    pg_data=$(mktemp -d /tmp/endpoint-test-pg.XXXXXX)
    run_as_postgres=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres:postgres "$pg_data"
        run_as_postgres=(runuser -u postgres --)
    fi
    "${run_as_postgres[@]}" "$pg_bin/initdb" -D "$pg_data" -A trust -U postgres >/dev/null
    "${run_as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_data" -l "$pg_data/server.log" -w \
        -o "-h 127.0.0.1 -p $pg_port -k $pg_data -c fsync=off -c max_connections=300" start >/dev/null
    trap '"${run_as_postgres[@]}" "$pg_bin/pg_ctl" -D "$pg_data" -m immediate stop >/dev/null 2>&1; rm -rf "$pg_data"' EXIT
    export ENDPOINT_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
fi

# One test at a time: the suite takes about 20 s that way, and the timing comparison of logins
# (PasswordTests) and the process tests then measure the server rather than their neighbours.
swift test --no-parallel "$@"
