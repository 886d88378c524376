#!/usr/bin/env bash
# Installs PostgreSQL from Debian's packages and starts it on 127.0.0.1:5432, so the server suite
# also runs against a real PostgreSQL. Prints the URL to use as TEST_DATABASE_URL.
set -euo pipefail
# Only the URL goes to standard output; everything else to standard error.
exec 3>&1 1>&2
if ! command -v pg_lsclusters >/dev/null 2>&1; then
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then pg_createcluster "$version" main >/dev/null 2>&1; fi
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
runuser -u postgres -- psql -q -c "ALTER USER postgres PASSWORD 'postgres'" >/dev/null
echo "postgres://postgres:postgres@127.0.0.1:5432/postgres" >&3
