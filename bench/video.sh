#!/usr/bin/env bash
# Videos (docs/media.md), on a release build with SQLite, the server as it ships (access log on):
#   - a 60-second 1080p30 clip with sound (ffmpeg's testsrc2 and a tone, made here): the server's
#     making of what the apps play, from `endpoint media add` returning to the video's `ready`,
#     against the same ffmpeg commands (read from the server's log) run by hand one after the other;
#   - the server's resident memory above idle while it makes them;
#   - the Android-style session view (c16) while it makes a second clip (the median of three runs),
#     against the same call with nothing being made (three runs before, three after);
#   - the ready video's segments fetched by 200 clients through the server, against Debian's nginx
#     serving the same files from disk (started here, its access log on too).
# Run on demand, never in CI. Usage: bash bench/video.sh [seconds per wrk run, 10] [clip seconds, 60]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
clip_seconds=${2:-60}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk sqlite3 curl postgresql python3 ffmpeg nginx

swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
source bench/paired.sh
start_paired 54339

store="$work/store"
database="sqlite://$work/video.sqlite"
"$endpoint" migrate --database "$database" >/dev/null 2>&1
echo -n 'benchmark-password' | "$endpoint" member add --database "$database" --username bench --email bench@example.com --password-stdin >/dev/null
sqlite3 "$work/video.sqlite" "UPDATE config SET value = '1000000' WHERE name LIKE 'login_throttle_%_failures'"
ffmpeg -nostdin -v error -f lavfi -i testsrc2=size=1920x1080:rate=30 -f lavfi -i sine=frequency=440 -t "$clip_seconds" \
    -c:v libx264 -preset veryfast -crf 20 -c:a aac "$work/clip.mp4"

"$endpoint" serve --database "$database" --port 18084 --media-store "$store" --log-format json --log-level info 2>>"$work/server.log" & server=$!
pids+=("$server")
wait_for http://127.0.0.1:18084/healthz
base=http://127.0.0.1:18084
kib() { awk -v field="$1:" '$1 == field { print $2 }' "/proc/$server/status"; }
login=$(curl -fs -d username=bench -d password=benchmark-password "$base/data/endpoint.php?hook_type=account&hook=login")
token=$(echo "$login" | sed -E 's/.*"device_auth_pass_hashed_vl":"([^"]+)".*/\1/')
member=$(echo "$login" | sed -E 's/.*"device_auth_member_id_vl":"([^"]+)".*/\1/')
export WRK_BODY="device_auth_member_id_vl=$member&device_auth_pass_hashed_vl=$token"
session="$base/data/endpoint.php?hook_type=account&hook=session"
sleep 2
idle=$(kib VmRSS)
# session_rounds: three runs of the session view in a row, one line each (one run swings by ±20% on a
# shared 2-core machine, and the machine's pace drifts over minutes).
session_rounds() {
    for _ in 1 2 3; do run 16 -s bench/form_post.lua "$session"; done
}
session_rounds > "$work/idle-rounds"

state() { sqlite3 "$work/video.sqlite" "SELECT state FROM videos WHERE id = $1"; }
# until_made ID: waits until video ID is ready (or stops the bench when it failed), asking five times
# a second: each question is a process, and the making, scheduled only when nothing else wants the CPU,
# waits for every one (two loops asking twice ten times a second, and a memory sampler, were fifty
# processes a second slowing the making the bench times).
until_made() {
    local now
    while now=$(state "$1"); [ "$now" != ready ]; do
        [ "$now" = failed ] && { echo "video $1 failed: $(sqlite3 "$work/video.sqlite" "SELECT failure FROM videos WHERE id = $1")" >&2; exit 1; }
        sleep 0.2
    done
}
# The first clip is made with nothing else running: its time, and the server's highest memory (the
# kernel's high-water mark, VmHWM, set back to the memory in use just before).
echo 5 > "/proc/$server/clear_refs"
started=$(date +%s.%N)
"$endpoint" media add "$work/clip.mp4" --database "$database" --media-store "$store" >/dev/null
until_made 1
finished=$(date +%s.%N)
echo "$(kib VmHWM)" > "$work/peak"
server_seconds=$(awk -v a="$started" -v b="$finished" 'BEGIN { printf "%.1f", b - a }')
# A second clip (another tone: other bytes) is made while the session view is measured.
ffmpeg -nostdin -v error -f lavfi -i testsrc2=size=1920x1080:rate=30 -f lavfi -i sine=frequency=660 -t "$clip_seconds" \
    -c:v libx264 -preset veryfast -crf 20 -c:a aac "$work/second.mp4"
"$endpoint" media add "$work/second.mp4" --database "$database" --media-store "$store" >/dev/null
until [ "$(state 2)" = processing ]; do sleep 0.1; done
sleep 2
during=$(session_rounds | sort -n | sed -n 2p)
[ "$(state 2)" = processing ] || echo "the second clip was made before the last round ended: lengthen it" >&2
until_made 2
# Three more rounds with nothing being made: the rounds before and after the making are the idle pace
# (the higher median of the six).
session_rounds >> "$work/idle-rounds"
before=$(sort -n "$work/idle-rounds" | sed -n 4p)
read -r hand_seconds runs <<< "$(python3 bench/video/by_hand.py "$work/server.log" "$work/by-hand")"

echo
echo "video, $(nproc) cores, a ${clip_seconds}-second 1080p30 clip ($(du -h "$work/clip.mp4" | cut -f1)), SQLite"
echo "server: added to ready                 ${server_seconds} s"
echo "the same $runs ffmpeg runs by hand       ${hand_seconds} s   ($(awk -v s="$server_seconds" -v h="$hand_seconds" 'BEGIN { printf "%.2f", s / h }')×)"
echo "server memory: idle $(( idle / 1024 )) MB, highest while making $(( $(cat "$work/peak") / 1024 )) MB (+$(( ($(cat "$work/peak") - idle) / 1024 )) MB)"
awk -v b="${before%% *}" -v d="${during%% *}" 'BEGIN { printf "Android session view, c16: %.0f req/s idle (before and after), %.0f while making (%.2f)\n", b, d, d / b }'
echo "  idle rounds: $(awk '{ printf "%.0f ", $1 }' "$work/idle-rounds")"

# Segments: every segment of every rendition, through the server and through nginx.
hash=$(sqlite3 "$work/video.sqlite" "SELECT content_hash FROM videos WHERE id = 1")
sqlite3 "$work/video.sqlite" "SELECT '/video/$hash/' || path FROM video_files WHERE video_id = 1 AND path LIKE '%.ts' ORDER BY path" > "$work/segments"
segment_bytes=$(sqlite3 "$work/video.sqlite" "SELECT CAST(AVG(byte_count) AS INTEGER) FROM video_files WHERE video_id = 1 AND path LIKE '%.ts'")
cat > "$work/nginx.conf" <<NGINX
daemon off;
# Its workers read the store as the user running the bench (its folder is private to that user).
user $(id -un);
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log $work/nginx-access.log;
    sendfile on;
    types { video/mp2t ts; application/vnd.apple.mpegurl m3u8; video/mp4 mp4; }
    server {
        listen 127.0.0.1:18085;
        location /video/ { alias $store/videos/; }
    }
}
NGINX
nginx -c "$work/nginx.conf" & pids+=($!)
wait_for "http://127.0.0.1:18085$(head -1 "$work/segments")"
curl -fs -o /dev/null "$base$(head -1 "$work/segments")"
served_before=$(kib VmRSS)
export WRK_PATHS="$work/segments"
through_server=$(run 200 -s bench/video/segments.lua "$base")
served_after=$(kib VmRSS)
through_nginx=$(run 200 -s bench/video/segments.lua http://127.0.0.1:18085)

awk -v s="${through_server%% *}" -v n="${through_nginx%% *}" -v bytes="$segment_bytes" \
    'BEGIN { printf "segments (%d kB on average), c200: server %.0f req/s (%.0f MB/s), nginx %.0f req/s (%.0f MB/s): %.2f of nginx\n", bytes / 1000, s, s * bytes / 1e6, n, n * bytes / 1e6, s / n }'
echo "server memory while serving segments: $(( served_before / 1024 )) MB before, $(( served_after / 1024 )) MB after (p99 ${through_server##* } server, ${through_nginx##* } nginx)"
