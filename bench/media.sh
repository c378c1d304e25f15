#!/usr/bin/env bash
# Images (docs/media.md), on a release build with SQLite:
#   - making the 640 px version (`?d=2`) of a 12-megapixel JPEG: median and p99 per image, one at a
#     time, each image new to the server; then images a second with 4 requests at a time;
#   - the server's highest resident memory while 1,008 distinct versions are made (72 images × 7
#     versions × JPEG and WebP, 4 at a time);
#   - serving a cached version (`?d=2`, about 100 kB, and `?s=150`) at concurrency 16, next to the bare
#     Hummingbird route (bench/Baseline) measured just before it.
# The photographs are made here with Pillow (bench/media/make_photos.py, in a virtualenv of the run's
# own). Run on demand, never in CI. Usage: bash bench/media.sh [seconds per wrk run, 10]
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-10}
bash scripts/system-packages.sh libsqlite3-dev libargon2-dev libcrypt-dev libvips-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libgumbo-dev pkg-config wrk curl postgresql python3 python3-venv

swift build -c release --product endpoint >/dev/null
endpoint="$(swift build -c release --show-bin-path)/endpoint"
source bench/paired.sh
start_paired 54339

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check pillow==11.0.0
photos=104
"$work/venv/bin/python" bench/media/make_photos.py "$work/photos" "$photos"
database="sqlite://$work/media.sqlite"
"$endpoint" migrate --database "$database" >/dev/null
paths=()
for photo in "$work"/photos/*.jpg; do
    paths+=("$("$endpoint" media add "$photo" --database "$database" | awk '{ print $3 }')")
done

"$endpoint" serve --database "$database" --port 18083 --media-cache "$work/cache" 2>>"$work/server.log" & server=$!
pids+=("$server")
wait_for http://127.0.0.1:18083/healthz
base=http://127.0.0.1:18083
rss() { awk '/VmRSS/ { printf "%.0f", $2 / 1024 }' "/proc/$server/status"; }
echo "server resident memory at start: $(rss) MB"

read -r median p99 single <<< "$("$work/venv/bin/python" bench/media/making.py "$base" "$server" single "${paths[@]:0:16}")"
read -r rate parallel <<< "$("$work/venv/bin/python" bench/media/making.py "$base" "$server" parallel 4 "${paths[@]:16:16}")"
read -r versions peak <<< "$("$work/venv/bin/python" bench/media/making.py "$base" "$server" many "${paths[@]:32:72}")"

photo=${paths[0]}
curl -fs -o /dev/null "$base$photo?s=150"
paired media.cached 16 "$base$photo?d=2"
paired media.thumbnail 16 "$base$photo?s=150"
version_bytes=$(curl -fs "$base$photo?d=2" | wc -c)

echo
echo "images, $(nproc) cores, 4000×3000 JPEG sources ($(du -h "$work/photos/photo-0000.jpg" | cut -f1) each)"
echo "making ?d=2 (640 px), one at a time ($single images): median ${median} ms, p99 ${p99} ms"
echo "making ?d=2, 4 at a time ($parallel images):          ${rate} images/s"
echo "making $versions distinct versions, 4 at a time:     highest RSS ${peak} MB (at rest afterwards: $(rss) MB)"
for key in cached thumbnail; do
    bare=${result[media.$key.bare]}
    label=$([ "$key" = cached ] && echo "serving a cached ?d=2 ($version_bytes bytes)" || echo "serving a cached ?s=150")
    awk -v label="$label" -v bare="${bare%% *}" "BEGIN { split(\"${result[media.$key]}\", r, \" \"); printf \"%-48s %8.0f req/s, %.2f of bare (%.0f), p99 %s\n\", label, r[1], r[1] / bare, bare, r[3] }"
done
