# Sourced by scripts/test.sh and scripts/sanitize.sh: installs what the suite needs (Debian packages,
# the Python test tools) and, unless ENDPOINT_TEST_POSTGRES_URL already names a server, starts a
# throwaway PostgreSQL on 127.0.0.1 (port ENDPOINT_TEST_POSTGRES_PORT, default $1), and unless
# ENDPOINT_TEST_MARIADB_URL does, a throwaway MariaDB (port ENDPOINT_TEST_MARIADB_PORT, default $1 + 100:
# the Composr import reads a live Composr database through it); both stop when the calling script exits.
bash scripts/require-swift.sh
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libgumbo-dev libjs-sortable pkg-config postgresql \
    openssl chromium chromium-driver python3 python3-venv python3-selenium haproxy curl mariadb-server mariadb-client time ffmpeg \
    gstreamer1.0-tools gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav
source scripts/python-tools.sh

source scripts/throwaway-postgres.sh
source scripts/throwaway-mariadb.sh
trap 'stop_throwaway_postgres; stop_throwaway_mariadb' EXIT
if [ -z "${ENDPOINT_TEST_POSTGRES_URL:-}" ]; then
    start_throwaway_postgres "${ENDPOINT_TEST_POSTGRES_PORT:-$1}" -c fsync=off -c max_connections=300
    export ENDPOINT_TEST_POSTGRES_URL="$THROWAWAY_POSTGRES_URL"
fi
if [ -z "${ENDPOINT_TEST_MARIADB_URL:-}" ]; then
    start_throwaway_mariadb "${ENDPOINT_TEST_MARIADB_PORT:-$(($1 + 100))}"
    export ENDPOINT_TEST_MARIADB_URL="$THROWAWAY_MARIADB_URL"
fi
