# Sourced by scripts that need a PostgreSQL server of their own (the test suite, the benchmarks, the
# local cluster):
#   start_throwaway_postgres PORT [server options...]
# starts one on 127.0.0.1:PORT in a private temporary folder and sets THROWAWAY_POSTGRES_URL, which
# carries a password made for this server alone: TCP connections need it (SCRAM), the server's socket
# (in that folder) admits only its own system user (peer). Trusting every local user, as before, let
# any account on the machine connect as the superuser and run programs as the postgres user.
# stop_throwaway_postgres stops it and removes the folder. The caller installs `postgresql` first.

start_throwaway_postgres() {
    local port=$1; shift
    throwaway_pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
    throwaway_pg_data=$(mktemp -d /tmp/endpoint-pg.XXXXXX)
    throwaway_pg_as=()
    local password password_file
    password=$(head -c 24 /dev/urandom | base64 | tr -dc 'A-Za-z0-9')
    password_file=$(mktemp /tmp/endpoint-pg-password.XXXXXX)
    printf '%s\n' "$password" > "$password_file"
    if [ "$(id -u)" = 0 ]; then
        chown postgres:postgres "$throwaway_pg_data" "$password_file"
        throwaway_pg_as=(runuser -u postgres --)
    fi
    "${throwaway_pg_as[@]}" "$throwaway_pg_bin/initdb" -D "$throwaway_pg_data" -U postgres --pwfile="$password_file" \
        --auth-host=scram-sha-256 --auth-local=peer >/dev/null
    rm -f "$password_file"
    "${throwaway_pg_as[@]}" "$throwaway_pg_bin/pg_ctl" -D "$throwaway_pg_data" -l "$throwaway_pg_data/server.log" -w \
        -o "-h 127.0.0.1 -p $port -k $throwaway_pg_data $*" start >/dev/null
    THROWAWAY_POSTGRES_URL="postgres://postgres:$password@127.0.0.1:$port/postgres"
}

stop_throwaway_postgres() {
    [ -n "${throwaway_pg_data:-}" ] || return 0
    "${throwaway_pg_as[@]}" "$throwaway_pg_bin/pg_ctl" -D "$throwaway_pg_data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$throwaway_pg_data"
    throwaway_pg_data=
}
