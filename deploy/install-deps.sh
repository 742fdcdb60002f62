#!/usr/bin/env bash
# Installs every Debian 12 package that building, running and testing Qiwang
# needs. Idempotent: when everything is present it only checks (a second or two).
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config git ca-certificates
  libgrpc++-dev protobuf-compiler-grpc libprotobuf-dev protobuf-compiler
  librocksdb-dev libabsl-dev liblemon-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  openssl procps tzdata
  clang-14 libclang-rt-14-dev time ccache
  libssl-dev zlib1g-dev  # TLS and gzip bodies in the HTTP front
  # google/rpc/status.proto and error_details.proto: the standard error model
  # refusals carry (only .proto files; it pulls no Go toolchain).
  golang-github-gogo-googleapis-dev
  nodejs
  # The HTTP front and the pages (issue 15), officials' printouts and
  # spreadsheets (issue 16), personal data keys (issue 18).
  libboost1.81-dev libkainjow-mustache-dev prometheus-cpp-dev
  libqrencode-dev libxlsxwriter-dev libsodium-dev
  # A station's ranking as .xlsx (issue 25): a zip (libzip) of XML (expat).
  libzip-dev libexpat1-dev
  # Browser, print and spreadsheet tests.
  curl chromium chromium-driver python3-selenium poppler-utils zbar-tools
  python3-openpyxl fonts-noto-cjk
)
# npm installs buf for deploy/proto-check.sh. NodeSource's nodejs brings its
# own npm and conflicts with Debian's, so ask for Debian's only when absent.
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -q
"${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
