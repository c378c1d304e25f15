#!/usr/bin/env bash
# Runs the whole test suite: every test on SQLite and, against a throwaway PostgreSQL server this script
# starts on 127.0.0.1 (unless ENDPOINT_TEST_POSTGRES_URL already names one), every engine test on PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/test-environment.sh 54329

# The toolchain's formatter with the repository's .swift-format: a file it would change fails the run
# (`swift format format -i -r Sources Tests Plugins Package.swift` makes it pass).
swift format lint --strict --recursive Sources Tests Plugins Package.swift

# One test at a time: the suite takes about eight minutes that way, and the timing comparison of logins
# (PasswordTests) and the process tests then measure the server rather than their neighbours.
# Its output is kept in .build/test.log, and a failed run ends by repeating what failed: CI shows only
# a run's tail.
mkdir -p .build
if ! swift test --no-parallel "$@" 2>&1 | tee .build/test.log; then
    echo "What failed (the whole output is .build/test.log):"
    grep -E '✘|recorded an issue|error: |XCTAssert|Fatal error' .build/test.log | grep -v '✘ Test run with' | head -60 || true
    exit 1
fi

# The whole suite again under ThreadSanitizer (data races in the caches, pools and outbox leasing)
# is a long run, like soak and long fuzzing: its own first build and its pass take about half an
# hour on 2 cores, which would take a fresh clone's test command past CI's 40-minute budget. Run it
# with `bash scripts/sanitize.sh thread`, or here with ENDPOINT_TEST_SANITIZE=1 (not when the run
# was narrowed with arguments).
if [ $# -eq 0 ] && [ "${ENDPOINT_TEST_SANITIZE:-0}" = 1 ]; then
    bash scripts/sanitize.sh thread
fi

# Then every parser that reads outside bytes under libFuzzer, briefly (ENDPOINT_TEST_FUZZ_SECONDS
# each, default 15, which keeps a fresh clone's run within CI's budget; 0 skips it, and so do
# arguments); long runs are `scripts/fuzz.sh TARGET SECONDS`.
fuzz_seconds="${ENDPOINT_TEST_FUZZ_SECONDS:-15}"
if [ $# -eq 0 ] && [ "$fuzz_seconds" != 0 ]; then
    bash scripts/fuzz.sh all "$fuzz_seconds"
fi
