#!/usr/bin/env bash
# The image, as an operator gets it: builds the Containerfile with podman, runs its migration command
# and the server from it against the CI's PostgreSQL, then logs in and saves a step through it and
# checks it runs as a user of its own on a read-only root filesystem (apps/server/test/support/container-check.ts).
# No container registry is reachable here, so the base image (Node 20 on Debian bookworm) is made
# from Debian's packages and this machine's Node 20, and given as the Containerfile's BASE_IMAGE.
# Needs root (podman), TEST_DATABASE_URL, and the workspace installed (the check runs through tsx).
set -euo pipefail
cd "$(dirname "$0")/.."
log=/tmp/ci-container.log
: >"$log"
fail() { tail -50 "$log" >&2; echo "container: $1" >&2; exit 1; }

if ! command -v podman >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1 || ! command -v debootstrap >/dev/null 2>&1; then
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap; } </dev/null >>"$log" 2>&1 || fail "apt-get install podman runc debootstrap failed"
fi
# This machine refuses to raise resource limits inside a container: runc, and limits below the host's.
limits=(--runtime runc --ulimit nofile=4096:4096 --ulimit nproc=4096:4096)
base=localhost/kh-node20-base:bookworm
if ! podman image exists "$base"; then
  rootfs=$(mktemp -d /tmp/kh-rootfs-XXXXXX)
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian </dev/null >>"$log" 2>&1 || fail "debootstrap failed"
  install -D "$(command -v node)" "$rootfs/usr/local/bin/node"
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  mkdir -p "$rootfs/usr/local/lib/node_modules" && cp -a "$npm_dir" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  # The registry is reached through this machine's certificate authority, as the host reaches it.
  ca=/etc/ssl/certs/ca-certificates.crt
  [ -f "$ca" ] && install -D "$ca" "$rootfs$ca"
  tar -C "$rootfs" -c . | podman import --change "ENV NODE_EXTRA_CA_CERTS=$ca" --change "ENV npm_config_cafile=$ca" --change 'CMD ["node"]' - "$base" >>"$log" 2>&1 || fail "podman import failed"
  rm -rf "$rootfs"
fi
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
podman build "${limits[@]}" --network host --format docker --build-arg BASE_IMAGE="$base" --build-arg KH_BUILD_COMMIT="$commit" --build-arg KH_BUILD_TIME="$(date -u +%Y-%m-%dT%H:%M:%SZ)" -t localhost/kh-onboarding:ci -f Containerfile . </dev/null >>"$log" 2>&1 || fail "podman build failed"
echo "container: image built ($(podman image inspect localhost/kh-onboarding:ci --format '{{.Size}}') bytes)"
KH_IMAGE=localhost/kh-onboarding:ci KH_PODMAN_ARGS="${limits[*]}" pnpm --filter @kh/server exec tsx test/support/container-check.ts </dev/null
