#!/usr/bin/env bash
# Configures and builds Qiwang in Release into ./build (or $QIWANG_BUILD_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${QIWANG_BUILD_DIR:-build}
deploy/configure.sh "$build_dir" "$@"
cmake --build "$build_dir" -j "${QIWANG_JOBS:-$(nproc)}"
