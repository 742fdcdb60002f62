#!/usr/bin/env bash
# Configures and builds Qiwang in Release into ./build (or $QIWANG_BUILD_DIR).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${QIWANG_BUILD_DIR:-build}
jobs=${QIWANG_JOBS:-$(nproc)}
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build_dir" -j "$jobs"
