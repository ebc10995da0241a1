#!/usr/bin/env bash
# The topology test (decision 029): PostgreSQL, the object store, three app nodes and nginx on
# hosts of their own (network namespaces), people in Chromium through the balancer while nodes are
# killed, cut off and restarted one after another. Needs root (namespaces, veths) on Linux.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "$(id -u)" != 0 ]; then
  echo "The topology test makes network namespaces and virtual links: run it as root (sudo npm run test:topology)." >&2
  exit 1
fi

debian_install() {
  if [ -r /etc/os-release ] && grep -qiE '^(ID|ID_LIKE)=.*(debian|ubuntu)' /etc/os-release; then
    echo "$1 is missing: installing Debian's $2 package with apt-get…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
  else
    echo "The topology test needs $1 (Debian/Ubuntu package: $2). Install it, then run it again." >&2
    exit 1
  fi
}

command -v ip >/dev/null 2>&1 || debian_install "ip (iproute2)" iproute2
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || debian_install nginx nginx-light
command -v setpriv >/dev/null 2>&1 || debian_install "setpriv (util-linux)" util-linux
export PATH="$PATH:/usr/sbin:/sbin"

CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
[ -x "$CHROME_PATH" ] || { debian_install Chromium chromium; CHROME_PATH=/usr/bin/chromium; }
export CHROME_PATH

# The nodes serve the built client.
[ -f dist/client/index.html ] || npm run --silent build

echo "nginx: $(nginx -v 2>&1); Chromium: $("$CHROME_PATH" --version 2>/dev/null || echo 'version unknown')"
exec node --import tsx tests/topology/run.ts
