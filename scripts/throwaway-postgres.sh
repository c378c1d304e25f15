# Sourced by scripts that need a PostgreSQL server of their own (the test suite, the benchmark):
#   start_throwaway_postgres PORT [server options...]
# starts one on 127.0.0.1:PORT in a temporary folder and sets THROWAWAY_POSTGRES_URL;
# stop_throwaway_postgres stops it and removes the folder. The caller installs `postgresql` first.

start_throwaway_postgres() {
    local port=$1; shift
    throwaway_pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    throwaway_pg_data=$(mktemp -d /tmp/endpoint-pg.XXXXXX)
    throwaway_pg_as=()
    if [ "$(id -u)" = 0 ]; then
        chown postgres:postgres "$throwaway_pg_data"
        throwaway_pg_as=(runuser -u postgres --)
    fi
    "${throwaway_pg_as[@]}" "$throwaway_pg_bin/initdb" -D "$throwaway_pg_data" -A trust -U postgres >/dev/null
    "${throwaway_pg_as[@]}" "$throwaway_pg_bin/pg_ctl" -D "$throwaway_pg_data" -l "$throwaway_pg_data/server.log" -w \
        -o "-h 127.0.0.1 -p $port -k $throwaway_pg_data $*" start >/dev/null
    THROWAWAY_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
}

stop_throwaway_postgres() {
    [ -n "${throwaway_pg_data:-}" ] || return 0
    "${throwaway_pg_as[@]}" "$throwaway_pg_bin/pg_ctl" -D "$throwaway_pg_data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$throwaway_pg_data"
    throwaway_pg_data=
}
