#!/usr/bin/env bash
# Fuzzes the parsers that read outside bytes with libFuzzer (Swift's -sanitize=fuzzer, with
# AddressSanitizer), each for SECONDS (default 30), starting from the seeds under fuzz/corpus/TARGET
# and the regressions under fuzz/regressions/TARGET.
#
#   bash scripts/fuzz.sh                 # every target, 30 s each
#   bash scripts/fuzz.sh json 600        # one target for ten minutes
#
# New interesting inputs go to .build/fuzz/corpus/TARGET (not committed); a crash, hang (5 s), leak
# or broken property stops the run, leaves the input in .build/fuzz/artifacts/ and fails the script:
# fix it, then commit the input under fuzz/regressions/TARGET/ (FuzzCorpusTests replays those in
# every test run). `swift run endpoint-fuzz TARGET FILE` replays an input in a plain debug build.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every target has its seed folder (FuzzCorpusTests checks that each folder names a target, and each
# target has seeds), so the folders are the list.
mapfile -t targets < <(ls fuzz/corpus)
if [ $# -ge 1 ] && [ "$1" != all ]; then
    [ -d "fuzz/corpus/$1" ] || { echo "There is no target $1; the targets are: ${targets[*]}." >&2; exit 2; }
    targets=("$1")
fi
seconds="${2:-30}"

# Package.swift instruments the parser modules when ENDPOINT_FUZZING=1. The build shares the test
# build's folder: only the instrumented modules and those above them are compiled again (under a
# minute here, and the next `swift test` compiles them back in about half a minute), where a folder
# of its own compiled every library under them too (almost 5 minutes on a fresh clone).
export ENDPOINT_FUZZING=1
# (gold warns once per AddressSanitizer helper symbol it cannot export: noise, left out.)
swift build --product endpoint-fuzz 2>&1 | grep -v 'Cannot export local symbol'
binary="$(swift build --show-bin-path)/endpoint-fuzz"

output=.build/fuzz
mkdir -p "$output/artifacts"
for target in "${targets[@]}"; do
    mkdir -p "$output/corpus/$target" "fuzz/regressions/$target"
    echo "== fuzzing $target for ${seconds} s"
    # The Swift runtime's backtracer is off: libFuzzer and AddressSanitizer report the crash themselves.
    SWIFT_BACKTRACE=enable=no ENDPOINT_FUZZ_TARGET="$target" "$binary" \
        -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix="$output/artifacts/$target-" -print_final_stats=1 \
        "$output/corpus/$target" "fuzz/corpus/$target" "fuzz/regressions/$target" 2>&1 \
        | grep -v -E '^#[0-9]+\s+(NEW|REDUCE|pulse)' || { echo "fuzzing $target failed: see $output/artifacts/" >&2; exit 1; }
done
