#!/usr/bin/env bash
# A local cluster on one machine, from Debian packages only: a throwaway PostgreSQL (127.0.0.1, a
# password of its own), two `endpoint serve` instances on it and HAProxy in front, which asks every
# instance's /readyz twice a second and sends nothing to one that is not ready. Prints the URL and runs
# until Ctrl-C (or SIGTERM), then stops everything and removes its files. An instance that exits on its
# own (a crash, `kill -9`) is started again at once, as a supervisor would.
#
#   bash scripts/cluster.sh            run the cluster
#   bash scripts/cluster.sh restart    restart the running cluster's instances one after the other (a
#                                      deploy: each gets SIGTERM, drains — HAProxy sees /readyz at 503
#                                      and sends it nothing new —, stops and starts again from
#                                      CLUSTER_ENDPOINT, where a new binary may have been put; the
#                                      next waits until it is ready); returns when all are back
#
# Environment: CLUSTER_PORT (HAProxy, default 8080), CLUSTER_INSTANCE_PORTS (default "8081 8082"),
# CLUSTER_POSTGRES_PORT (default 54340), CLUSTER_ENDPOINT (an `endpoint` binary to run instead of
# building this checkout's), CLUSTER_DRAIN_SECONDS (each instance's --drain-seconds, default 3: several
# of HAProxy's checks), CLUSTER_STATE (the cluster's own folder, default
# ${XDG_RUNTIME_DIR:-~/.local/state}/endpoint-cluster-<CLUSTER_PORT>, made readable by its owner only:
# the process IDs, the database URL with its password in database.url, HAProxy's log, which names the
# instance that answered each request, and the instances' logs).
set -euo pipefail
cd "$(dirname "$0")/.."
port=${CLUSTER_PORT:-8080}
read -r -a instance_ports <<< "${CLUSTER_INSTANCE_PORTS:-8081 8082}"
drain_seconds=${CLUSTER_DRAIN_SECONDS:-3}
state=${CLUSTER_STATE:-${XDG_RUNTIME_DIR:-$HOME/.local/state}/endpoint-cluster-$port}

# The state folder is trusted only if it is this user's and nobody else's: `restart` signals the
# process it names, which must be this script.
state_is_ours() {
    [ -d "$state" ] && [ "$(stat -c '%u %a' "$state")" = "$(id -u) 700" ]
}

if [ "${1:-}" = restart ]; then
    state_is_ours || { echo "no cluster of yours runs on port $port ($state is missing or not yours alone)" >&2; exit 1; }
    cluster=$(cat "$state/cluster.pid" 2>/dev/null) || { echo "no cluster runs on port $port" >&2; exit 1; }
    tr '\0' ' ' < "/proc/$cluster/cmdline" 2>/dev/null | grep -q "scripts/cluster.sh" \
        || { echo "process $cluster is not this cluster's script" >&2; exit 1; }
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
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libgumbo-dev libjs-sortable pkg-config postgresql haproxy curl
if [ -z "${CLUSTER_ENDPOINT:-}" ]; then
    swift build --product endpoint >/dev/null
fi
endpoint=${CLUSTER_ENDPOINT:-"$(swift build --show-bin-path)/endpoint"}

umask 077
mkdir -p "$state"
chmod 700 "$state"
state_is_ours || { echo "$state is not yours alone; remove it or set CLUSTER_STATE" >&2; exit 1; }
source scripts/throwaway-postgres.sh
instance_pids=()
balancer_pid=
stop_cluster() {
    trap - EXIT INT TERM USR1
    kill "${instance_pids[@]}" $balancer_pid 2>/dev/null || true
    wait 2>/dev/null || true
    stop_throwaway_postgres
    rm -rf "$state"
}
trap stop_cluster EXIT
trap 'exit 0' INT TERM
echo $$ > "$state/cluster.pid"
echo 0 > "$state/restarts"

start_throwaway_postgres "${CLUSTER_POSTGRES_PORT:-54340}"
database=$THROWAWAY_POSTGRES_URL
printf '%s\n' "$database" > "$state/database.url"
# The URL goes to the instances through their environment, which only this user can read (a command
# line is everyone's to see).
export ENDPOINT_DATABASE_URL=$database
"$endpoint" migrate >/dev/null 2>"$state/migrate.log" || { cat "$state/migrate.log" >&2; exit 1; }

# Instance $1 (an index into instance_ports), started in the background.
start_instance() {
    local instance_port=${instance_ports[$1]}
    "$endpoint" serve --port "$instance_port" --no-migrate --instance "instance-$instance_port" \
        --drain-seconds "$drain_seconds" --trusted-proxy 127.0.0.1 --public-url "http://127.0.0.1:$port" 2>>"$state/instance-$instance_port.log" &
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

# Waits until HAProxy's log says instance port $1 is up for the $2nd time (at most about 30 s).
wait_balanced() {
    for _ in $(seq 150); do
        [ "$(grep -c "Server reads/instance-$1 is UP" "$state/balancer.log")" -ge "$2" ] && return 0
        sleep 0.2
    done
    echo "HAProxy did not take 127.0.0.1:$1 back" >&2
    return 1
}

# SIGTERM to each instance in turn; the next only once HAProxy sends the restarted one requests again
# (ready is not enough: until HAProxy's next check, it would have no instance to send them to).
rolling_restart() {
    for i in "${!instance_ports[@]}"; do
        local ups
        ups=$(grep -c "Server reads/instance-${instance_ports[$i]} is UP" "$state/balancer.log" || true)
        kill -TERM "${instance_pids[$i]}" 2>/dev/null || true
        wait "${instance_pids[$i]}" 2>/dev/null || true
        start_instance "$i"
        wait_ready "${instance_ports[$i]}"
        wait_balanced "${instance_ports[$i]}" $((ups + 1))
        echo "restarted 127.0.0.1:${instance_ports[$i]}"
    done
    echo $(( $(cat "$state/restarts") + 1 )) > "$state/restarts"
}

# docker/haproxy.cfg with this cluster's address, log and instances.
servers="" tracked=""
for i in "${!instance_ports[@]}"; do
    start_instance "$i"
    name=instance-${instance_ports[$i]}
    servers+="    server $name 127.0.0.1:${instance_ports[$i]} check"$'\n'
    tracked+="    server $name 127.0.0.1:${instance_ports[$i]} track reads/$name"$'\n'
done
BIND="127.0.0.1:$port" SERVERS="$servers" TRACKED="$tracked" awk '
    /^ *bind / { print "    bind " ENVIRON["BIND"]; next }
    /# tracked instance$/ { if (!t++) printf "%s", ENVIRON["TRACKED"]; next }
    /# instance$/ { if (!s++) printf "%s", ENVIRON["SERVERS"]; next }
    /^backend / { s = 0; t = 0 }
    { print }' docker/haproxy.cfg > "$state/haproxy.cfg"
haproxy -db -f "$state/haproxy.cfg" >>"$state/balancer.log" 2>&1 &
balancer_pid=$!

for instance_port in "${instance_ports[@]}" "$port"; do wait_ready "$instance_port"; done
echo "cluster ready: http://127.0.0.1:$port (instances ${instance_ports[*]}); its folder: $state (the database URL is in database.url)"
echo "add a member: ENDPOINT_DATABASE_URL=\$(cat $state/database.url) $endpoint member add --username NAME --email ADDRESS --password-stdin"
echo "deploy: CLUSTER_PORT=$port bash scripts/cluster.sh restart"

restart_requested=false
trap 'restart_requested=true' USR1
while true; do
    sleep 0.2 & wait $! || true
    kill -0 "$balancer_pid" 2>/dev/null || { echo "HAProxy ended; stopping" >&2; exit 1; }
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
