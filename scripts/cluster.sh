#!/usr/bin/env bash
# A local cluster on one machine, from Debian packages only: a throwaway PostgreSQL, two `endpoint
# serve` instances on it and nginx in front (round robin, `underscores_in_headers on` so the iOS SDK's
# cms_member_id / cms_member_hash headers pass). Prints the URL and runs until Ctrl-C (or SIGTERM),
# then stops everything and removes its files.
#
# Environment: CLUSTER_PORT (nginx, default 8080), CLUSTER_INSTANCE_PORTS (default "8081 8082"),
# CLUSTER_POSTGRES_PORT (default 54340), CLUSTER_ENDPOINT (an `endpoint` binary to run instead of
# building this checkout's). nginx adds `X-Upstream: <instance address>` to each answer, so which
# instance answered can be seen.
set -euo pipefail
cd "$(dirname "$0")/.."
port=${CLUSTER_PORT:-8080}
read -r -a instance_ports <<< "${CLUSTER_INSTANCE_PORTS:-8081 8082}"
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev pkg-config postgresql nginx curl
if [ -z "${CLUSTER_ENDPOINT:-}" ]; then
    swift build --product endpoint >/dev/null
fi
endpoint=${CLUSTER_ENDPOINT:-"$(swift build --show-bin-path)/endpoint"}

source scripts/throwaway-postgres.sh
work=$(mktemp -d /tmp/endpoint-cluster.XXXXXX)
pids=()
stop_cluster() {
    trap - EXIT INT TERM
    [ ${#pids[@]} -eq 0 ] || kill "${pids[@]}" 2>/dev/null || true
    wait 2>/dev/null || true
    stop_throwaway_postgres
    rm -rf "$work"
}
trap stop_cluster EXIT
trap 'exit 0' INT TERM

start_throwaway_postgres "${CLUSTER_POSTGRES_PORT:-54340}"
database=$THROWAWAY_POSTGRES_URL
"$endpoint" migrate --database "$database" >/dev/null 2>"$work/migrate.log" || { cat "$work/migrate.log" >&2; exit 1; }

upstreams=""
for instance_port in "${instance_ports[@]}"; do
    "$endpoint" serve --database "$database" --port "$instance_port" --no-migrate \
        --trusted-proxy 127.0.0.1 --public-url "http://127.0.0.1:$port" 2>>"$work/instance-$instance_port.log" &
    pids+=($!)
    upstreams+="        server 127.0.0.1:$instance_port;"$'\n'
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
$upstreams        keepalive 16;
    }
    server {
        listen 127.0.0.1:$port;
        location / {
            proxy_pass http://endpoint;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$http_host;
            proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
            proxy_next_upstream error timeout http_502 http_503;
            add_header X-Upstream \$upstream_addr always;
        }
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)

for instance_port in "${instance_ports[@]}" "$port"; do
    for _ in $(seq 100); do curl -fs -o /dev/null "http://127.0.0.1:$instance_port/readyz" && break; sleep 0.2; done
    curl -fs -o /dev/null "http://127.0.0.1:$instance_port/readyz" || { echo "127.0.0.1:$instance_port did not become ready" >&2; exit 1; }
done
echo "cluster ready: http://127.0.0.1:$port (instances ${instance_ports[*]}, database $database); Ctrl-C stops it"
echo "add a member: $endpoint member add --database $database --username NAME --email ADDRESS --password-stdin"
wait -n "${pids[@]}"
echo "a cluster process ended; stopping" >&2
exit 1
