#!/usr/bin/env bash
# The unit and API tests (Vitest) again, on Node 24 LTS: CI runs them on the machine's Node with
# `npm test`, then here, so the supported versions in README.md are the tested ones. Servers the
# tests start (`process.execPath`, or `node` on the PATH) run on Node 24 too.
set -euo pipefail
cd "$(dirname "$0")/.."

node24=$(bash scripts/node24.sh)
export PATH="$(dirname "$node24"):$PATH"
echo "== unit and API tests on Node $(node --version) ($node24)"
node node_modules/vitest/vitest.mjs run "$@"
