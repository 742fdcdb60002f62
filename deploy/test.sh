#!/usr/bin/env bash
# Quick start 2: install what is missing, build, and run every test (ctest).
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/install-deps.sh
deploy/build.sh
ctest --test-dir "${QIWANG_BUILD_DIR:-build}" --output-on-failure -j "${QIWANG_JOBS:-$(nproc)}" --timeout 600
