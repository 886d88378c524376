#!/usr/bin/env bash
# Installs Debian's Chromium (/usr/bin/chromium) for the browser tests; playwright-core drives it.
set -euo pipefail
log=/tmp/ci-chromium.log
if [ ! -x /usr/bin/chromium ]; then
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
    </dev/null >"$log" 2>&1; then
    cat "$log" >&2
    echo "chromium: apt-get install failed" >&2
    exit 1
  fi
fi
