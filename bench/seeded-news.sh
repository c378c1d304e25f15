# Sourced by bench/news.sh, bench/floki.sh and bench/mit.sh (with $duration set): the system packages and the
# release server they need, bench/paired.sh started with a throwaway PostgreSQL on port $1, and:
#   seed ENGINE DATABASE_URL SQL-CLIENT…   migrates the database and loads bench/news/seed-ENGINE.sql
#                                          (100,000 shown articles in 20 categories);
#   serve DATABASE_URL PORT                starts a release server on it ($server) and waits for it;
#   stop_server                            stops it.
# BENCH_ENDPOINT=path serves (and migrates) with that binary instead of this checkout's release build
# (an earlier build, for a before/after in one sitting).
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk sqlite3 curl postgresql python3
swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
served=${BENCH_ENDPOINT:-$endpoint}
source bench/paired.sh
start_paired "$1"

seed() {
    local engine=$1 database=$2; shift 2
    "$served" migrate --database "$database" >/dev/null
    "$@" < "bench/news/seed-$engine.sql" >/dev/null
}

serve() {
    "$served" serve --database "$1" --port "$2" 2>>"$work/server.log" & server=$!
    pids+=("$server")
    wait_for "http://127.0.0.1:$2/healthz"
}

stop_server() {
    kill "$server"
    wait "$server" 2>/dev/null || true
}
