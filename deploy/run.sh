#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and run qiwangd in the
# foreground on an embedded data folder (./var/qiwang) at 127.0.0.1:50051.
# On first run it writes var/tokens (mode 0600): one fresh random token per
# role (users organiser, registrar, arbiter, chief_arbiter, pairing_officer,
# arbitration_committee); see deploy/examples/tokens.example for the format.
# Extra arguments go to qiwangd (e.g. --clock=manual:2016-09-01T10:00:00+08:00).
# Ctrl-C stops it cleanly.
set -euo pipefail
cd "$(dirname "$0")/.."
deploy/install-deps.sh
deploy/build.sh
mkdir -p var
tokens=var/tokens
if [[ ! -e "$tokens" ]]; then
  (
    umask 077
    {
      echo "# written by deploy/run.sh: token user role"
      for role in organiser registrar arbiter chief_arbiter pairing_officer \
                  arbitration_committee; do
        echo "$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n') $role $role"
      done
    } > "$tokens"
  )
  echo "qiwang: wrote one token per role to $PWD/$tokens (mode 0600)" >&2
fi
echo "qiwang: tokens are in $PWD/$tokens; e.g." >&2
echo "  export QIWANG_TOKEN=\$(awk '\$3==\"registrar\"{print \$1}' $tokens)" >&2
exec build/services/server/qiwangd --data_dir=var/qiwang \
  --listen=127.0.0.1:50051 --tokens="$tokens" "$@"
