#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages and starts it on 127.0.0.1:5432 (password "postgres"),
# so the server suite also runs against a real PostgreSQL.
# The server is a daemon: it must hold none of the caller's pipes, or whoever reads them (CI, a
# command substitution) waits for an end of file that never comes. Hence every command that may
# start it gets /dev/null or a log file, never an inherited descriptor.
set -euo pipefail
log=/tmp/ci-postgres.log
: >"$log"
fail() { cat "$log" >&2; echo "postgres: $1" >&2; exit 1; }

# A psql client alone (as on a new machine) is not a server: look for the postgres binary itself.
if ! command -v pg_lsclusters >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  apt-get update -qq </dev/null >>"$log" 2>&1 || fail "apt-get update failed"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql </dev/null >>"$log" 2>&1 \
    || fail "apt-get install postgresql failed"
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main </dev/null >>"$log" 2>&1 || fail "pg_createcluster failed"
fi
if ! pg_isready -h 127.0.0.1 -p 5432 -q; then
  pg_ctlcluster "$version" main start </dev/null >>"$log" 2>&1 || fail "pg_ctlcluster start failed"
fi
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
pg_isready -h 127.0.0.1 -p 5432 -q || fail "not ready on 127.0.0.1:5432 after 30 s"
runuser -u postgres -- psql -q -c "ALTER USER postgres PASSWORD 'postgres'" </dev/null >>"$log" 2>&1 \
  || fail "could not set the postgres password"
