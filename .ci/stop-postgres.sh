#!/usr/bin/env bash
# Stops the PostgreSQL that .ci/postgres.sh started, so no daemon outlives the CI run.
version=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
[ -n "$version" ] && pg_ctlcluster "$version" main stop </dev/null >/dev/null 2>&1
exit 0
