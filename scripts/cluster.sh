#!/usr/bin/env bash
# A local cluster on one machine, from Debian packages only: a throwaway PostgreSQL, two `endpoint
# serve` instances on it and nginx in front (round robin, `underscores_in_headers on` so the iOS SDK's
# cms_member_id / cms_member_hash headers pass). Prints the URL and runs until Ctrl-C (or SIGTERM),
# then stops everything and removes its files. An instance that exits on its own (a crash, `kill -9`)
# is started again at once, as a supervisor would.
#
#   bash scripts/cluster.sh            run the cluster
#   bash scripts/cluster.sh restart    restart the running cluster's instances one after the other (a
#                                      deploy: each gets SIGTERM, drains, stops and starts again — from
#                                      CLUSTER_ENDPOINT, where a new binary may have been put — and the
#                                      next waits until it is ready); returns when all are back
#
# Environment: CLUSTER_PORT (nginx, default 8080), CLUSTER_INSTANCE_PORTS (default "8081 8082"),
# CLUSTER_POSTGRES_PORT (default 54340), CLUSTER_ENDPOINT (an `endpoint` binary to run instead of
# building this checkout's), CLUSTER_DRAIN_SECONDS (each instance's --drain-seconds, default 3: longer
# than nginx keeps an idle upstream connection, 2 s). nginx adds `X-Upstream: <instance address>` to
# each answer, so which instance answered can be seen. The running cluster's process IDs are in
# /tmp/endpoint-cluster-<CLUSTER_PORT>/ (cluster.pid, instance-<port>.pid).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${CLUSTER_PORT:-8080}
read -r -a instance_ports <<< "${CLUSTER_INSTANCE_PORTS:-8081 8082}"
drain_seconds=${CLUSTER_DRAIN_SECONDS:-3}
state=/tmp/endpoint-cluster-$port

if [ "${1:-}" = restart ]; then
    cluster=$(cat "$state/cluster.pid" 2>/dev/null) && kill -0 "$cluster" 2>/dev/null || { echo "no cluster runs on port $port" >&2; exit 1; }
    before=$(cat "$state/restarts")
    kill -USR1 "$cluster"
    for _ in $(seq 600); do
        [ "$(cat "$state/restarts")" != "$before" ] && { echo "rolling restart done: $(cat "$state/restarts")"; exit 0; }
        kill -0 "$cluster" 2>/dev/null || { echo "the cluster stopped during the restart" >&2; exit 1; }
        sleep 0.2
    done
    echo "the rolling restart did not finish within 120 s" >&2
    exit 1
elif [ -n "${1:-}" ]; then
    echo "usage: bash scripts/cluster.sh [restart]" >&2
    exit 2
fi
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev pkg-config postgresql nginx curl
if [ -z "${CLUSTER_ENDPOINT:-}" ]; then
    swift build --product endpoint >/dev/null
fi
endpoint=${CLUSTER_ENDPOINT:-"$(swift build --show-bin-path)/endpoint"}

source scripts/throwaway-postgres.sh
work=$(mktemp -d /tmp/endpoint-cluster.XXXXXX)
instance_pids=()
nginx_pid=
stop_cluster() {
    trap - EXIT INT TERM USR1
    kill "${instance_pids[@]}" $nginx_pid 2>/dev/null || true
    wait 2>/dev/null || true
    stop_throwaway_postgres
    rm -rf "$work" "$state"
}
trap stop_cluster EXIT
trap 'exit 0' INT TERM
mkdir -p "$state"
echo $$ > "$state/cluster.pid"
echo 0 > "$state/restarts"

start_throwaway_postgres "${CLUSTER_POSTGRES_PORT:-54340}"
database=$THROWAWAY_POSTGRES_URL
"$endpoint" migrate --database "$database" >/dev/null 2>"$work/migrate.log" || { cat "$work/migrate.log" >&2; exit 1; }

# Instance $1 (an index into instance_ports), started in the background.
start_instance() {
    local instance_port=${instance_ports[$1]}
    "$endpoint" serve --database "$database" --port "$instance_port" --no-migrate --instance "instance-$instance_port" \
        --drain-seconds "$drain_seconds" --trusted-proxy 127.0.0.1 --public-url "http://127.0.0.1:$port" 2>>"$work/instance-$instance_port.log" &
    instance_pids[$1]=$!
    echo "${instance_pids[$1]}" > "$state/instance-$instance_port.pid"
}

# Waits until port $1 answers /readyz with 200 (at most about 30 s; a check that gets no answer is
# given up after 2 s, so a stuck request cannot hold the supervisor).
wait_ready() {
    for _ in $(seq 150); do curl -fs --max-time 2 -o /dev/null "http://127.0.0.1:$1/readyz" && return 0; sleep 0.2; done
    echo "127.0.0.1:$1 did not become ready" >&2
    return 1
}

# SIGTERM to each instance in turn; the next only once the restarted one is ready.
rolling_restart() {
    for i in "${!instance_ports[@]}"; do
        kill -TERM "${instance_pids[$i]}" 2>/dev/null || true
        wait "${instance_pids[$i]}" 2>/dev/null || true
        start_instance "$i"
        wait_ready "${instance_ports[$i]}"
        echo "restarted 127.0.0.1:${instance_ports[$i]}"
    done
    echo $(( $(cat "$state/restarts") + 1 )) > "$state/restarts"
}

# A refused or failed connection takes an instance out for 2 s (nginx's passive health check); the
# same instances as backups, never taken out, are tried when every one is out (one restarting, the
# other just seen failing once) rather than answering 502 "no live upstreams".
upstreams="" backups=""
for i in "${!instance_ports[@]}"; do
    start_instance "$i"
    upstreams+="        server 127.0.0.1:${instance_ports[$i]} max_fails=1 fail_timeout=2s;"$'\n'
    backups+="        server 127.0.0.1:${instance_ports[$i]} backup max_fails=0;"$'\n'
done

mkdir -p "$work/nginx"
cat > "$work/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 1024; }
http {
    access_log $work/nginx/access.log;
    client_body_temp_path $work/nginx/client_body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    # The iOS SDK sends its credentials as cms_member_id / cms_member_hash headers.
    underscores_in_headers on;
    client_max_body_size 2m;
    upstream endpoint {
$upstreams$backups        keepalive 16;
        # Shorter than an instance's drain: no idle connection is left to reuse when it stops.
        keepalive_timeout 2s;
    }
    server {
        listen 127.0.0.1:$port;
        # Live news streams (Server-Sent Events, content/news live): passed on as they come (the
        # server says X-Accel-Buffering: no as well), with a read timeout longer than the streams'
        # heartbeat (news_live_heartbeat_seconds, 15 s by default) so a quiet stream stays open.
        location ~ ^/data/endpoint\.php/content/news/live {
            proxy_pass http://endpoint;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_buffering off;
            proxy_read_timeout 60s;
            add_header X-Upstream \$upstream_addr always;
        }
        location / {
            # A live news stream asked for in the query style goes where the REST style's goes.
            if (\$request_uri ~ "^/data/endpoint\.php\?(.*&)?id=live(&|\$)") { rewrite ^ /data/endpoint.php/content/news/live last; }
            proxy_pass http://endpoint;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            # Retried on the other instance: a request that could not be sent (connection refused),
            # and an idempotent one whose instance failed or answered 502/503 (nginx never resends a
            # POST it has sent).
            proxy_next_upstream error timeout http_502 http_503;
            # An answer that has not begun within 15 s counts as a failure (and an idempotent request
            # goes to the other instance): a stuck instance costs a request 15 s, not nginx's 60.
            proxy_read_timeout 15s;
            add_header X-Upstream \$upstream_addr always;
        }
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
nginx_pid=$!

for instance_port in "${instance_ports[@]}" "$port"; do wait_ready "$instance_port"; done
echo "cluster ready: http://127.0.0.1:$port (instances ${instance_ports[*]}, database $database); Ctrl-C stops it"
echo "add a member: $endpoint member add --database $database --username NAME --email ADDRESS --password-stdin"
echo "deploy: CLUSTER_PORT=$port bash scripts/cluster.sh restart"

restart_requested=false
trap 'restart_requested=true' USR1
while true; do
    sleep 0.2 & wait $! || true
    kill -0 "$nginx_pid" 2>/dev/null || { echo "nginx ended; stopping" >&2; exit 1; }
    if $restart_requested; then
        restart_requested=false
        rolling_restart
    fi
    for i in "${!instance_ports[@]}"; do
        if ! kill -0 "${instance_pids[$i]}" 2>/dev/null; then
            wait "${instance_pids[$i]}" 2>/dev/null && status=0 || status=$?
            echo "127.0.0.1:${instance_ports[$i]} ended (status $status); starting it again" >&2
            start_instance "$i"
            wait_ready "${instance_ports[$i]}"
        fi
    done
done
