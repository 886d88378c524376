#!/usr/bin/env bash
# Installs Debian's Chromium (/usr/bin/chromium) for the browser tests, which playwright-core drives,
# and Noto CJK, so Chinese pages (and their screenshots) render real glyphs, not empty boxes.
set -euo pipefail
log=/tmp/ci-chromium.log
if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
  if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk; } \
    </dev/null >"$log" 2>&1; then
    cat "$log" >&2
    echo "chromium: apt-get install failed" >&2
    exit 1
  fi
fi
