#!/usr/bin/env bash
# Plays the 2016 Sichuan event (qiwang demo) against a qiwangd that is
# already running on a manual clock, e.g. one started by
#   deploy/run.sh --clock=manual:2016-09-01T10:00:00+08:00
# (deploy/run.sh --demo starts such a server and runs this for you).
# Extra arguments go to `qiwang demo` (see `qiwang demo --help`: --sizes,
# --rounds, --arbiters, --seed, --stop-after-round). Run it again to resume.
set -euo pipefail
cd "$(dirname "$0")/.."
exec build/clients/cli/qiwang demo --tokens=var/tokens \
  --server="${QIWANG_SERVER:-127.0.0.1:50051}" "$@"
