#!/usr/bin/env bash
# Remakes the screenshots docs/console.md shows: the console's browser tests walk its pages in
# Chromium at a phone's and a desktop's width (SQLite) and save them in docs/console/.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/console
source scripts/python-tools.sh
ENDPOINT_TEST_POSTGRES_URL= ENDPOINT_CONSOLE_SCREENSHOTS="$PWD/docs/console" swift test --filter ConsoleBrowserTests
