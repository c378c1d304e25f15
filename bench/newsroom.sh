#!/usr/bin/env bash
# The newsroom console (docs/console.md), on a release build with SQLite, the server as it ships
# (access log on):
#   - the Android-style session view (c16) while 50 editors each autosave a maximal article (the
#     editor's limits: 255-character title, 20,000-character summary, 1,000,000-character body)
#     every 3 seconds as the editor's script does (the first keep the form whole, then what changed;
#     BENCH_WHOLE=1: the form whole each time), measured once every editor has signed in, against
#     the same call with nobody typing (in turn, BENCH_ROUNDS times: 3);
#   - the editor of an article with 500 revisions (the page lists the newest 50 and links the rest) and the word-level
#     difference between two maximal bodies (every 50th word changed), median and highest of 20.
# Run on demand, never in CI. Usage: bash bench/newsroom.sh [seconds per wrk run, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk sqlite3 curl postgresql python3

swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
source bench/paired.sh
start_paired 54341

database="sqlite://$work/newsroom.sqlite"
"$endpoint" migrate --database "$database" >/dev/null 2>&1
add_member() {
    echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username "$1" --email "$1@example.com" --password-stdin >/dev/null
}
add_member bench
for i in $(seq 0 49); do
    add_member "editor$i"
    "$endpoint" member grant-admin --username "editor$i" --database "$database" >/dev/null
done
sqlite3 "$work/newsroom.sqlite" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures'; UPDATE config SET value = '1000' WHERE name = 'news_revisions_kept'"

"$endpoint" serve --database "$database" --port 18086 --log-format json --log-level info 2>>"$work/server.log" & pids+=($!)
wait_for http://127.0.0.1:18086/healthz
base=http://127.0.0.1:18086
login=$(curl -fs -d username=bench -d password=benchmark-password "$base/data/endpoint.php?hook_type=account&hook=login")
token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')
export WRK_BODY="device_auth_member_id_vl=$member&device_auth_pass_hashed_vl=$token"
session="$base/data/endpoint.php?hook_type=account&hook=session"

# Idle and typing measured in turn, BENCH_ROUNDS times (3): the round whose ratio is the median is
# reported (one pair swings by ±10% on a shared 2-core machine).
rounds=()
for _ in $(seq "${BENCH_ROUNDS:-3}"); do
    idle=$(run 16 -s bench/form_post.lua "$session")
    rm -f "$work/typing"
    python3 bench/newsroom/editors.py "$base" editor benchmark-password 50 $(( duration + 8 )) "$work/typing" > "$work/autosaves" & typing=$!
    until [ -e "$work/typing" ]; do sleep 0.2; done   # every editor signed in (50 Argon2id checks)
    sleep 4   # each has sent its first keep (the form whole) and sends its changes every 3 s
    during=$(run 16 -s bench/form_post.lua "$session")
    wait "$typing"
    rounds+=("$(awk -v i="${idle%% *}" -v d="${during%% *}" 'BEGIN { printf "%.4f", d / i }') ${idle%% *} ${during%% *} $(cat "$work/autosaves")")
done
for round in "${rounds[@]}"; do
    read -r r i d a f <<< "$round"
    echo "round: $r of idle ($i → $d req/s), $a autosaves answered, $f failed" >&2
done
read -r _ idle during answered failed <<< "$(printf '%s\n' "${rounds[@]}" | sort -n | sed -n "$(( (${#rounds[@]} + 1) / 2 ))p")"

# An article saved 500 times: 498 revisions of a short text, then two maximal bodies that differ in
# every 50th word (copied in SQL: the bench measures the reading, not 500 renderings).
python3 - "$work" <<'PY'
import sys
words = ("harbour tide quay boats dawn storm cafe market ferry light " * 20_000)[:999_990].split(" ")
changed = [w.upper() if i % 50 == 0 else w for i, w in enumerate(words)]
open(f"{sys.argv[1]}/first.txt", "w").write(" ".join(words))
open(f"{sys.argv[1]}/second.txt", "w").write(" ".join(changed))
PY
EP="$base/data/endpoint.php/content/commandr_fs"
admin=$(curl -fs -d username=editor0 -d password=benchmark-password "$base/data/endpoint.php?hook_type=account&hook=login")
auth=(-H "Content-Type: application/json" -H "cms_member_id: $(echo "$admin" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')"
    -H "cms_member_hash: $(echo "$admin" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')")
save_body() {
    python3 -c 'import json, sys; print(json.dumps({"label": "Tide tables", "article": open(sys.argv[1]).read()}))' "$1" > "$work/body.json"
    curl -fs -X "$2" "${auth[@]}" --data-binary @"$work/body.json" "$EP/var/news/general/tide-tables.cms" >/dev/null
}
echo '{"label":"Tide tables","article":"High water at six."}' > "$work/body.json"
curl -fs -X POST "${auth[@]}" --data-binary @"$work/body.json" "$EP/var/news/general/tide-tables.cms" >/dev/null
sqlite3 "$work/newsroom.sqlite" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 497)
    INSERT INTO news_revisions (news_id, member_id, saved_at, $(sqlite3 "$work/newsroom.sqlite" "SELECT group_concat(name, ', ') FROM pragma_table_info('news_revisions') WHERE name NOT IN ('id', 'news_id', 'member_id', 'saved_at')"))
    SELECT news_id, member_id, saved_at + i, $(sqlite3 "$work/newsroom.sqlite" "SELECT group_concat(name, ', ') FROM pragma_table_info('news_revisions') WHERE name NOT IN ('id', 'news_id', 'member_id', 'saved_at')")
    FROM news_revisions, n WHERE news_id = 1"
save_body "$work/first.txt" PUT
save_body "$work/second.txt" PUT
revisions=$(sqlite3 "$work/newsroom.sqlite" "SELECT COUNT(*) FROM news_revisions WHERE news_id = 1")
first_maximal=$(sqlite3 "$work/newsroom.sqlite" "SELECT id FROM news_revisions WHERE news_id = 1 ORDER BY id DESC LIMIT 1 OFFSET 1")
read -r list_median list_max diff_median diff_max <<< "$(python3 bench/newsroom/revisions.py "$base" editor0 benchmark-password 1 "$first_maximal" 20)"

echo
echo "newsroom, $(nproc) cores, SQLite"
awk -v i="$idle" -v d="$during" -v a="$answered" -v f="$failed" -v r="${#rounds[@]}" \
    'BEGIN { printf "Android session view, c16: %.0f req/s idle, %.0f while 50 editors autosave a maximal article every 3 s (%.2f); %d autosaves answered, %d failed (median of %d rounds)\n", i, d, d / i, a, f, r }'
echo "editor of an article with $revisions revisions: median ${list_median} ms, highest ${list_max} ms"
echo "difference of two maximal bodies (every 50th word changed): median ${diff_median} ms, highest ${diff_max} ms"
