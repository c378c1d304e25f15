#!/usr/bin/env bash
# Remakes the screenshots docs/console.md shows: the console's browser tests walk its pages in
# Chromium at a phone's and a desktop's width and save them in docs/console/
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p docs/console
source scripts/python-tools.sh
ENDPOINT_TEST_POSTGRES_URL= ENDPOINT_CONSOLE_SCREENSHOTS="$PWD/docs/console" swift test --filter ConsoleBrowserTests
# The newsroom's walk (drafts and review) is at a phone's width on SQLite and a desktop's on
# PostgreSQL: its desktop screenshots need ENDPOINT_TEST_POSTGRES_URL.
ENDPOINT_CONSOLE_SCREENSHOTS="$PWD/docs/console" swift test --filter ConsoleNewsroomBrowserTests
