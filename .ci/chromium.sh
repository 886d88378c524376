#!/usr/bin/env bash
# Installs Debian's Chromium (/usr/bin/chromium) for the browser tests; playwright-core drives it.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
