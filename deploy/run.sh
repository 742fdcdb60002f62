#!/usr/bin/env bash
# Quick start 1: install what is missing, build, and run qiwangd in the
# foreground on an embedded data folder (./var/qiwang) at 127.0.0.1:50051,
# with its web pages and the Connect API at http://127.0.0.1:8080/.
# On first run it writes var/tokens (mode 0600): one fresh random token per
# role (users organiser, registrar, arbiter, chief_arbiter, pairing_officer,
# arbitration_committee, replica); see deploy/examples/tokens.example for the format.
# Extra arguments go to qiwangd (e.g. --clock=manual:2016-09-01T10:00:00+08:00).
# Ctrl-C stops it cleanly.
#
# deploy/run.sh --demo: the same, but qiwangd runs on a manual clock set to
# 2016 with its own data folder (./var/demo), and once it is listening
# `qiwang demo` plays the whole 2016 event against it (stations,
# registration, check-in, eleven Swiss rounds and the round robin, results
# by four arbiters at once, standings and prizes); the server keeps running
# afterwards for you to query. Run it again to resume an interrupted demo.
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
      # replica: what a read process of the split form presents to the ledger.
      for role in organiser registrar arbiter chief_arbiter pairing_officer \
                  arbitration_committee replica; do
        echo "$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n') $role $role"
      done
      # Three more arbiters: the demo enters results from several desks.
      for user in arbiter2 arbiter3 arbiter4; do
        echo "$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n') $user arbiter"
      done
    } > "$tokens"
  )
  echo "qiwang: wrote one token per role to $PWD/$tokens (mode 0600)" >&2
fi
# The master key of personal data (issue 18; see docs/operating.md):
# written once, mode 0600; qiwangd refuses to start with another key.
data_key=var/data.key
if [[ ! -e "$data_key" ]]; then
  (umask 077; head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$data_key")
  echo "qiwang: wrote the master key of personal data to $PWD/$data_key (mode 0600)" >&2
fi
echo "qiwang: tokens are in $PWD/$tokens; e.g." >&2
echo "  export QIWANG_TOKEN=\$(awk '\$3==\"registrar\"{print \$1}' $tokens)" >&2
demo=0
args=()
for arg in "$@"; do
  if [[ "$arg" == --demo ]]; then demo=1; else args+=("$arg"); fi
done
http=(--http_listen=127.0.0.1:8080 --http_tournaments=sichuan-2016)
if [[ $demo == 0 ]]; then
  echo "qiwang: pages and the Connect API at http://127.0.0.1:8080/" >&2
  exec build/services/server/qiwangd --data_dir=var/qiwang \
    --listen=127.0.0.1:50051 --tokens="$tokens" --data_key_file="$data_key" \
    "${http[@]}" "${args[@]}"
fi

port_file=var/demo.port
rm -f "$port_file"
build/services/server/qiwangd --data_dir=var/demo --listen=127.0.0.1:50051 \
  --port_file="$port_file" --tokens="$tokens" --data_key_file="$data_key" \
  "${http[@]}" --clock=manual:2016-09-01T10:00:00+08:00 "${args[@]}" &
server=$!
trap 'kill -TERM $server 2>/dev/null; wait $server' INT TERM
for _ in $(seq 600); do
  [[ -s "$port_file" ]] && break
  kill -0 $server 2>/dev/null || { echo "qiwang: qiwangd did not start" >&2; exit 1; }
  sleep 0.1
done
[[ -s "$port_file" ]] || { echo "qiwang: qiwangd not listening after 60 s" >&2; exit 1; }
build/clients/cli/qiwang demo --tokens="$tokens" --server=127.0.0.1:50051 ||
  echo "qiwang: the demo stopped (run deploy/run.sh --demo again to resume)" >&2
echo "qiwang: the demo's qiwangd keeps running on 127.0.0.1:50051 (Ctrl-C stops it); e.g." >&2
echo "  build/clients/cli/qiwang standings open-men --tournament sichuan-2016" >&2
echo "qiwang: follow the event in a browser: http://127.0.0.1:8080/t/sichuan-2016" >&2
wait $server
