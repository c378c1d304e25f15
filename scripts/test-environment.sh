# Sourced by scripts/test.sh and scripts/sanitize.sh: installs what the suite needs (Debian packages,
# the Python test tools) and, unless ENDPOINT_TEST_POSTGRES_URL already names a server, starts a
# throwaway PostgreSQL on 127.0.0.1 (port ENDPOINT_TEST_POSTGRES_PORT, default $1) that stops when the
# calling script exits.
bash scripts/require-swift.sh
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config postgresql \
    openssl chromium chromium-driver python3 python3-venv python3-selenium haproxy curl
source scripts/python-tools.sh

if [ -z "${ENDPOINT_TEST_POSTGRES_URL:-}" ]; then
    source scripts/throwaway-postgres.sh
    trap stop_throwaway_postgres EXIT
    start_throwaway_postgres "${ENDPOINT_TEST_POSTGRES_PORT:-$1}" -c fsync=off -c max_connections=300
    export ENDPOINT_TEST_POSTGRES_URL="$THROWAWAY_POSTGRES_URL"
fi
