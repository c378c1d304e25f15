# Sourced by scripts that need a MariaDB server of their own (the test suite, for importing a Composr
# site with `endpoint import composr --from`):
#   start_throwaway_mariadb PORT
# starts one on 127.0.0.1:PORT in a private temporary folder and sets THROWAWAY_MARIADB_URL, whose user
# and password were made for this server alone (root is reachable only through the folder's socket, by
# this system user). stop_throwaway_mariadb stops it and removes the folder. The caller installs
# `mariadb-server` first.

start_throwaway_mariadb() {
    local port=$1 password user
    throwaway_mariadb_dir=$(mktemp -d /tmp/endpoint-mariadb.XXXXXX)
    password=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
    user=$(id -un)
    if [ "$(id -u)" = 0 ]; then
        chown mysql:mysql "$throwaway_mariadb_dir"
        user=mysql
    fi
    mariadb-install-db --user="$user" --datadir="$throwaway_mariadb_dir/data" --auth-root-authentication-method=socket \
        --skip-test-db >"$throwaway_mariadb_dir/install.log" 2>&1
    mariadbd --no-defaults --user="$user" --datadir="$throwaway_mariadb_dir/data" --socket="$throwaway_mariadb_dir/socket" \
        --port="$port" --bind-address=127.0.0.1 --skip-name-resolve --log-error="$throwaway_mariadb_dir/error.log" \
        --pid-file="$throwaway_mariadb_dir/pid" --innodb-flush-log-at-trx-commit=0 >/dev/null 2>&1 &
    throwaway_mariadb_pid=$!
    local tries=0
    until mariadb --no-defaults --socket="$throwaway_mariadb_dir/socket" -u root -e 'SELECT 1' >/dev/null 2>&1; do
        tries=$((tries + 1))
        if [ "$tries" -gt 300 ] || ! kill -0 "$throwaway_mariadb_pid" 2>/dev/null; then
            echo "MariaDB did not start:" >&2
            cat "$throwaway_mariadb_dir/error.log" >&2
            return 1
        fi
        sleep 0.1
    done
    mariadb --no-defaults --socket="$throwaway_mariadb_dir/socket" -u root -e \
        "CREATE USER 'endpoint'@'127.0.0.1' IDENTIFIED BY '$password'; GRANT ALL PRIVILEGES ON *.* TO 'endpoint'@'127.0.0.1';"
    THROWAWAY_MARIADB_URL="mysql://endpoint:$password@127.0.0.1:$port"
}

stop_throwaway_mariadb() {
    [ -n "${throwaway_mariadb_dir:-}" ] || return 0
    kill "$throwaway_mariadb_pid" 2>/dev/null && wait "$throwaway_mariadb_pid" 2>/dev/null || true
    rm -rf "$throwaway_mariadb_dir"
    throwaway_mariadb_dir=
}
