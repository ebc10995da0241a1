#!/usr/bin/env bash
# Runs every test: typecheck and lint, unit and API tests (Vitest, real PostgreSQL), then the
# end-to-end tests (Playwright in Debian's Chromium against the built app started with `npm start`).
set -euo pipefail
cd "$(dirname "$0")/.."

find_chromium() {
  if [ -n "${CHROME_PATH:-}" ]; then
    if [ -x "$CHROME_PATH" ]; then echo "$CHROME_PATH"; return 0; fi
    echo "CHROME_PATH=$CHROME_PATH is not an executable file." >&2
    exit 1
  fi
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; return 0; fi
  return 1
}

if ! CHROME_PATH=$(find_chromium); then
  if [ -r /etc/os-release ] && grep -qiE '^(ID|ID_LIKE)=.*(debian|ubuntu)' /etc/os-release && [ "$(id -u)" = 0 ]; then
    echo "Chromium is missing: installing Debian's chromium package with apt-get…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    CHROME_PATH=/usr/bin/chromium
  else
    cat >&2 <<'MSG'
The end-to-end tests need Chromium and none was found (CHROME_PATH, then /usr/bin/chromium).
Install it, then run `npm test` again:
  Debian/Ubuntu:  sudo apt-get install chromium
  Fedora:         sudo dnf install chromium
  macOS:          brew install --cask chromium   (then: export CHROME_PATH="/Applications/Chromium.app/Contents/MacOS/Chromium")
Or point CHROME_PATH at an installed Chrome or Chromium.
MSG
    exit 1
  fi
fi
export CHROME_PATH

# pdfsig (poppler-utils) checks the sealed contracts' signatures in the tests.
if ! command -v pdfsig >/dev/null 2>&1; then
  if [ -r /etc/os-release ] && grep -qiE '^(ID|ID_LIKE)=.*(debian|ubuntu)' /etc/os-release && [ "$(id -u)" = 0 ]; then
    echo "pdfsig is missing: installing Debian's poppler-utils package with apt-get…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null
  else
    echo "The tests need pdfsig from poppler-utils: sudo apt-get install poppler-utils (or brew install poppler)." >&2
    exit 1
  fi
fi
# openssl checks the seals' CMS and timestamps, and is the tests' time-stamping authority (openssl ts).
if ! command -v openssl >/dev/null 2>&1; then
  if [ -r /etc/os-release ] && grep -qiE '^(ID|ID_LIKE)=.*(debian|ubuntu)' /etc/os-release && [ "$(id -u)" = 0 ]; then
    echo "openssl is missing: installing Debian's openssl package with apt-get…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openssl >/dev/null
  else
    echo "The tests need the openssl command: sudo apt-get install openssl (or brew install openssl)." >&2
    exit 1
  fi
fi
echo "pdfsig: $(pdfsig -v 2>&1 | head -1)"
echo "openssl: $(openssl version)"
echo "Chromium: $CHROME_PATH ($("$CHROME_PATH" --version 2>/dev/null || echo 'version unknown'))"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "Database: the PostgreSQL in TEST_DATABASE_URL (a fresh database a run)"
else
  echo "Database: embedded PostgreSQL under .test-data/"
fi

echo "== check (typecheck + lint)"
npm run --silent check

echo "== build"
npm run --silent build

echo "== bundle budget (JavaScript over the wire, Brotli: the home and each screen)"
node --import tsx scripts/bundle-budget.ts

echo "== unit and API tests"
npx vitest run

echo "== end-to-end tests"
npx playwright test
