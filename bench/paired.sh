# Sourced by bench/run.sh and bench/news.sh: what both need to compare workloads with the bare
# Hummingbird route (bench/Baseline) measured just before each. After `start_paired POSTGRES_PORT
# [postgres settings…]` (with $duration set):
#   $work     a temporary folder; it, the throwaway PostgreSQL ($THROWAWAY_POSTGRES_URL) and every
#             process in `pids` go on exit;
#   wait_for URL                       until it answers (20 s at most);
#   run CONNECTIONS wrk-args…          prints "req/s p50 p99";
#   paired KEY CONNECTIONS wrk-args…   the bare route (GET /hello, or the wrk arguments in the array
#                                      bare_request: the same POST the workload sends), then the
#                                      workload, BENCH_ROUNDS times (default 3);
#                                      the round whose ratio is the median goes into result[KEY.bare],
#                                      result[KEY] (one pair swung by ±30% on a shared 2-core machine);
#   engine_row LABEL KEY               a line of the SQLite and PostgreSQL results of KEY (news, Floki).

swift build -c release --package-path bench/Baseline --scratch-path .build-bench >/dev/null
baseline=".build-bench/release/Baseline"
source scripts/throwaway-postgres.sh
declare -A result
bare_request=()

start_paired() {
    work=$(mktemp -d /tmp/endpoint-bench.XXXXXX)
    pids=()
    trap 'kill "${pids[@]}" 2>/dev/null || true; stop_throwaway_postgres; rm -rf "$work"' EXIT
    start_throwaway_postgres "$@"
    "$baseline" 18081 >/dev/null 2>&1 & pids+=($!)
    wait_for http://127.0.0.1:18081/hello
}

wait_for() {
    for _ in $(seq 100); do curl -fs -o /dev/null "$1" && return 0; sleep 0.2; done
    echo "no answer from $1" >&2
    return 1
}

run() {
    local connections=$1; shift
    wrk -t"$(( connections < 2 ? 1 : 2 ))" -c"$connections" -d"${duration}s" --latency "$@" | awk '
        /Requests\/sec/ { rps = $2 }
        $1 == "50%" { p50 = $2 }
        $1 == "99%" { p99 = $2 }
        END { print rps, p50, p99 }'
}

paired() {
    local key=$1 connections=$2; shift 2
    local rounds=() bare workload
    for _ in $(seq "${BENCH_ROUNDS:-3}"); do
        bare=$(run "$connections" "${bare_request[@]:-http://127.0.0.1:18081/hello}")
        workload=$(run "$connections" "$@")
        rounds+=("$(awk -v b="${bare%% *}" -v w="${workload%% *}" 'BEGIN { printf "%.6f", w / b }')|$bare|$workload")
    done
    local median
    median=$(printf '%s\n' "${rounds[@]}" | sort -n | sed -n "$(( (${#rounds[@]} + 1) / 2 ))p")
    IFS='|' read -r _ "result[$key.bare]" "result[$key]" <<< "$median"
}

engine_row() {
    local label=$1 key=$2
    printf '%-48s' "$label"
    for engine in sqlite postgresql; do
        local bare=${result[$engine.$key.bare]}
        awk -v bare="${bare%% *}" "BEGIN { split(\"${result[$engine.$key]}\", r, \" \"); printf \"%8.0f req/s %5.2f of bare, p99 %-9s\", r[1], r[1] / bare, r[3] }"
    done
    echo
}
