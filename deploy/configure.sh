#!/usr/bin/env bash
# Configures one build folder: deploy/configure.sh DIR [cmake arguments...].
# Every build script goes through here, so every build uses Ninja and, where
# ccache is installed (deploy/install-deps.sh installs it), ccache with paths
# relative to this checkout: a second build in any clone on the same machine
# (CI's clean clone included) reuses the objects of the first.
# QIWANG_LAUNCHER=none builds without ccache.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=$1
shift
launcher=()
if [[ "${QIWANG_LAUNCHER:-ccache}" == ccache ]] && command -v ccache > /dev/null; then
  # ccache does not hash a -fsanitize-ignorelist file's content (and in its
  # preprocessor mode not even -D flags), so a TSan build names the list as
  # an extra file: an edited list then compiles afresh.
  extra=""
  if [[ " $* " == *QIWANG_SANITIZE=thread* ]]; then
    extra="CCACHE_EXTRAFILES=$PWD/cmake/tsan-ignorelist.txt;"
  fi
  launcher=("-DCMAKE_CXX_COMPILER_LAUNCHER=env;CCACHE_BASEDIR=$PWD;CCACHE_NOHASHDIR=true;CCACHE_MAXSIZE=${QIWANG_CCACHE_SIZE:-25G};${extra}ccache")
fi
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@"
