# Sourced by bench/soak.sh and bench/connections.sh: a release server on a temporary SQLite file with
# one member, `bench`, logged in. After `start_release_server PORT [serve flags…]`:
#   $endpoint  the release binary;        $work    a temporary folder, removed on exit;
#   $server    the server's process ID;   $base    http://127.0.0.1:PORT/data/endpoint.php;
#   $member, $token  the member's device credentials;   pids  processes to stop on exit.
# The server's log is $work/server.log; login throttling is lifted so logins can run at capacity.

bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk curl python3 sqlite3
swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"

work=$(mktemp -d /tmp/endpoint-bench.XXXXXX)
pids=()
cleanup() {
    kill "${pids[@]}" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

start_release_server() {
    local port=$1
    shift
    local database="sqlite://$work/bench.sqlite"
    echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null 2>&1
    sqlite3 "$work/bench.sqlite" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures' OR name LIKE 'push_tokens_per_%'"
    "$endpoint" serve --database "$database" --port "$port" "$@" 2>"$work/server.log" >/dev/null &
    server=$!
    pids+=("$server")
    for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$port/healthz" && break; sleep 0.2; done

    base="http://127.0.0.1:$port/data/endpoint.php"
    local login
    login=$(curl -fs -d username=bench -d password=benchmark-password "$base?hook_type=account&hook=login")
    token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
    member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')
}
