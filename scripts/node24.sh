#!/usr/bin/env bash
# Prints the path of a Node 24 LTS binary, fetched once from the npm registry's
# `node-<platform>-<arch>` package (the official binary, packaged by the Node.js project) into
# .cache/node-24/. Used by CI to run the unit and API tests on Node 24 beside the machine's Node,
# and by the Lighthouse benchmark, whose CLI asks for Node ≥ 22.19.
set -euo pipefail
cd "$(dirname "$0")/.."

cache=".cache/node-24"
binary="$cache/package/bin/node"
if [ ! -x "$binary" ]; then
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No Node 24 package for $(uname -m) on the npm registry." >&2; exit 1 ;;
  esac
  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=darwin ;;
    *) echo "No Node 24 package for $(uname -s) on the npm registry." >&2; exit 1 ;;
  esac
  mkdir -p "$cache"
  echo "Fetching node-$platform-$arch@24 from the npm registry into $cache…" >&2
  tarball=$(npm pack "node-$platform-$arch@24" --silent --pack-destination "$cache" | tail -1)
  tar xzf "$cache/$tarball" -C "$cache" package/bin/node
  rm -f "$cache/$tarball"
fi
"$binary" --version >/dev/null
echo "$PWD/$binary"
