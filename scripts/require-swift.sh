#!/usr/bin/env bash
# Stops with a clear message unless a Swift toolchain of at least the version Package.swift names
# (swift-tools-version) is on PATH. Run by serve.sh and test-environment.sh before anything else.
set -euo pipefail
needed=$(sed -n '1s/.*swift-tools-version: *\([0-9.]*\).*/\1/p' "$(dirname "$0")/../Package.swift")
if ! command -v swift >/dev/null 2>&1; then
    echo "Swift $needed or later is needed and no swift is on PATH: install a toolchain from https://www.swift.org/install/linux/ (Debian 12: the tar.gz for debian12), then add its usr/bin to PATH." >&2
    exit 1
fi
found=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -1)
if [ -z "$found" ] || [ "$(printf '%s\n%s\n' "$needed" "$found" | sort -V | head -1)" != "$needed" ]; then
    echo "Swift $needed or later is needed; $(command -v swift) is ${found:-of an unknown version}. Install a newer toolchain from https://www.swift.org/install/linux/." >&2
    exit 1
fi
