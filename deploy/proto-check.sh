#!/usr/bin/env bash
# The proto API's checks, for CI and before a commit that touches proto/:
# `buf lint` (STANDARD, proto/buf.yaml) and `buf breaking` against the last
# accepted wire API, the proto/ of the last commit that changed
# proto/WIRE_CHANGES (that file says how to change the API on purpose).
# buf comes from npm, pinned by tools/buf/package-lock.json; once installed
# at the pinned version it is used as is, so the check also runs offline.
set -euo pipefail
cd "$(dirname "$0")/.."

tool_dir=tools/buf
buf=$tool_dir/node_modules/.bin/buf
pinned=$(node -p "require('./$tool_dir/package-lock.json')
  .packages['node_modules/@bufbuild/buf'].version")
installed=$("$buf" --version 2>/dev/null || true)
if [ "$installed" != "$pinned" ]; then
  echo "proto-check: installing buf $pinned from npm into $tool_dir"
  # No install scripts: bin/buf finds its platform's binary without them.
  npm ci --prefix "$tool_dir" --ignore-scripts --no-audit --no-fund
fi

echo "proto-check: buf $("$buf" --version) lint proto"
"$buf" lint proto

marker=proto/WIRE_CHANGES
if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
  echo "proto-check: a shallow clone may not hold the baseline commit;" \
    "fetch the whole history (git fetch --unshallow)" >&2
  exit 1
fi
if ! git diff --quiet HEAD -- "$marker"; then
  echo "proto-check: $marker has uncommitted changes: the wire change it" \
    "accepts becomes the baseline when committed; breaking check skipped"
  exit 0
fi
baseline=$(git log -1 --format=%H -- "$marker")
if [ -z "$baseline" ]; then
  echo "proto-check: no commit changed $marker; nothing to compare with" >&2
  exit 1
fi
echo "proto-check: buf breaking proto against $baseline (last change of" \
  "$marker)"
"$buf" breaking proto --against ".git#ref=$baseline,subdir=proto"
echo "proto-check: lint clean, wire API unbroken"
