#!/bin/bash
# Writes tests/upgrade/data/: a small data folder written by one version of
# qiwangd (the binaries in BUILD_DIR), and what that version answered about it,
# so upgrade_test can check that a later version folds the same log to the same
# state and answers its stored command ids as before.
#
# Regenerate ONLY from a build of the version whose log you mean to keep (the
# committed folder was written by main at f5a1f7a, before issue 14):
#   git worktree add /tmp/old f5a1f7a && cmake -S /tmp/old -B /tmp/old/build \
#     -G Ninja -DCMAKE_BUILD_TYPE=Release && cmake --build /tmp/old/build \
#     --target qiwangd qiwang
#   tests/upgrade/generate.sh /tmp/old/build tests/upgrade/data
#
# The event: sichuan-2016 with an 8-player Swiss section and a 4-player round
# robin, three rounds played by `qiwang demo` (registration, check-in, results,
# a correction, fouls), then one foul, one withdrawal, one appeal filed and one
# decided, each with a command id that upgrade_test retries.
set -euo pipefail

BUILD=${1:?usage: generate.sh BUILD_DIR OUT_DIR}
OUT=${2:?usage: generate.sh BUILD_DIR OUT_DIR}
REPO=$(cd "$(dirname "$0")/../.." && pwd)
QIWANGD="$BUILD/services/server/qiwangd"
QIWANG="$BUILD/clients/cli/qiwang"
WORK=$(mktemp -d)
trap 'kill "$SERVER_PID" 2>/dev/null || true; wait 2>/dev/null; rm -rf "$WORK"' EXIT

cat > "$WORK/tokens" <<TOKENS
upgrade-organiser-token olive organiser
upgrade-registrar-token rita registrar
upgrade-arbiter-token arthur arbiter
upgrade-chief-token chen chief_arbiter,registrar
upgrade-pairing-token pat pairing_officer
upgrade-committee-token cora arbitration_committee
TOKENS
chmod 600 "$WORK/tokens"

"$QIWANGD" --data_dir="$WORK/data" --listen=127.0.0.1:0 \
  --port_file="$WORK/port" --tokens="$WORK/tokens" \
  --clock=manual:2016-09-01T10:00:00+08:00 > "$WORK/qiwangd.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do [ -s "$WORK/port" ] && break; sleep 0.1; done
export QIWANG_SERVER="127.0.0.1:$(cat "$WORK/port")"
export QIWANG_TOURNAMENT=sichuan-2016

"$QIWANG" demo --tokens="$WORK/tokens" \
  --config="$REPO/deploy/examples/sichuan-2016.json" \
  --sizes=open-men=8,professional=4 --rounds=3 --no-shows=0 > /dev/null

as() { local token=$1; shift; "$QIWANG" "$@" --token="upgrade-$token-token" --json; }
json_field() { python3 -c "import json,sys; print(json.loads(sys.stdin.readline())$1)"; }

# The commands upgrade_test retries: each request as the CLI sends it
# (protobuf JSON, written here field by field as the CLI sets them), and the
# answer it got.
rm -rf "$OUT" && mkdir -p "$OUT/expected"
command() {  # NAME REQUEST_JSON TOKEN CLI_ARGS...
  local name=$1 request=$2 token=$3; shift 3
  echo "$request" > "$OUT/expected/$name.request.json"
  as "$token" "$@" > "$OUT/expected/$name.answer.json"
}
T='"tournamentId": "sichuan-2016"'
command foul "{$T, \"playerId\": \"3\", \"round\": 3, \"kind\": \"FOUL_KIND_ILLEGAL_MOVE\", \"note\": \"touched the wrong piece\", \"commandId\": \"upgrade-foul-1\"}" \
  arbiter foul record --player=3 --round=3 --kind=illegal-move \
  --note="touched the wrong piece" --command-id=upgrade-foul-1
command withdraw "{$T, \"playerId\": \"9\", \"reason\": \"left the hall\", \"commandId\": \"upgrade-withdraw-1\"}" \
  chief player withdraw --player=9 --reason="left the hall" \
  --command-id=upgrade-withdraw-1
RULING=$(as arbiter ruling list --section=open-men --round=3 | head -1 |
  json_field "['rulings'][0]['rulingId']")
command appeal "{$T, \"rulingId\": \"$RULING\", \"grounds\": \"the clock was not started\", \"commandId\": \"upgrade-appeal-1\"}" \
  chief appeal file "$RULING" --grounds="the clock was not started" \
  --command-id=upgrade-appeal-1
as committee appeal decide 1 --decision=dismissed --votes=1:4 \
  --reasoning="the arbiter started the clock on time" \
  --command-id=upgrade-decide-1 > /dev/null

# What this version answers about the folded state.
as chief players list > "$OUT/expected/players.json"
"$QIWANG" standings open-men --json > "$OUT/expected/standings-open-men.json"
"$QIWANG" standings professional --json > "$OUT/expected/standings-professional.json"
as chief audit verify > "$OUT/expected/verify.json"
as chief export trf open-men > "$OUT/expected/trf-open-men.json"

kill -TERM "$SERVER_PID"; wait "$SERVER_PID" || true
# The store's files only: RocksDB's info logs are not part of the data.
cp -r "$WORK/data" "$OUT/data"
rm -f "$OUT"/data/LOG*
du -sh "$OUT"
