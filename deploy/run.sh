#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and run qiwangd in the
# foreground on an embedded data folder (./var/qiwang) at 127.0.0.1:50051.
# Extra arguments go to qiwangd. Ctrl-C stops it cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/install-deps.sh
deploy/build.sh
mkdir -p var
exec build/services/server/qiwangd --data_dir=var/qiwang --listen=127.0.0.1:50051 "$@"
