#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz with clang (ASan+UBSan) into
# build-clang, the folder deploy/sanitize.sh asan builds everything into with
# the same flags, and runs each for SECONDS (default 30), as many at once as
# there are cores (QIWANG_JOBS):
# deploy/fuzz.sh [SECONDS].
# Each run starts from the target's seeds (tests/fuzz/corpus/<name>) and the
# inputs of crashes fixed before (tests/fuzz/regressions/<name>); what it
# finds goes to a scratch folder, never into the repository. A crash leaves
# its input in build-clang/artifacts/ and makes the script fail once every
# target has run; fix it and keep the input in regressions/<name>.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-${QIWANG_FUZZ_SECONDS:-30}}
jobs=${QIWANG_JOBS:-$(nproc)}
dir=${QIWANG_FUZZ_DIR:-${QIWANG_CLANG_DIR:-build-clang}}
# http_session (a whole server per process) is replayed by ctest on its
# seeds; its timed run joins once it has been run long enough here.
targets=(record_decoding config_json command_validation trf_import http_request
  station_ranking)

deploy/configure.sh "$dir" -DCMAKE_CXX_COMPILER=clang++-14 -DQIWANG_FUZZ=ON
cmake --build "$dir" -j "$jobs" --target "${targets[@]/%/_fuzzer}"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$dir/artifacts"
# One target's timed run; its log and, on a crash, a "failed" mark in the
# scratch folder.
fuzz_one() {
  local name=$1
  mkdir -p "$scratch/$name"
  local inputs=(tests/fuzz/corpus/"$name")
  if [ -d tests/fuzz/regressions/"$name" ]; then
    inputs+=(tests/fuzz/regressions/"$name")
  fi
  if ! "$dir/tests/fuzz/${name}_fuzzer" -max_total_time="$seconds" \
      -timeout=20 -print_final_stats=1 \
      -artifact_prefix="$dir/artifacts/$name-" \
      "$scratch/$name" "${inputs[@]}" > "$scratch/$name.log" 2>&1; then
    touch "$scratch/$name.failed"
  fi
}
# A libFuzzer run uses one core, so the targets run QIWANG_JOBS at a time.
for name in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "fuzz: $name for ${seconds}s"
  fuzz_one "$name" &
done
wait
failed=()
for name in "${targets[@]}"; do
  if [ -e "$scratch/$name.failed" ]; then
    failed+=("$name")
    tail -n 60 "$scratch/$name.log"
  fi
  grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec|Done)' \
    "$scratch/$name.log" | sed "s/^/fuzz: $name: /" || true
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: crashes in ${failed[*]} (inputs in $dir/artifacts/)" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} targets ran ${seconds}s each without a crash"
