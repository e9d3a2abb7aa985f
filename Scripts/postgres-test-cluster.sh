#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the ledger's contract tests and prints the connection
# string to export as STORETERM_TEST_POSTGRES. The cluster is owned by an unprivileged user
# (PostgreSQL refuses to run as root); it listens on a Unix socket only, in a fresh folder.
# Tests run with fsync off (fast, nothing to keep); `--durable` keeps PostgreSQL's defaults, for
# `storeterm-bench postgres`, whose goal is judged beside commits that reach the disk.
# Usage: Scripts/postgres-test-cluster.sh [--durable] [port]   (stop: pg_ctl -D <folder>/data stop)
set -euo pipefail
durability="-c fsync=off"
if [ "${1:-}" = "--durable" ]; then durability=""; shift; fi
port="${1:-54329}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$bin/initdb" ] || { echo "postgres-test-cluster: PostgreSQL's server is not installed" >&2; exit 1; }
user=pgtest
if [ "$(id -u)" -eq 0 ]; then
  id "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
  run() { runuser -u "$user" -- "$@"; }
else
  user="$(id -un)"
  run() { "$@"; }
fi
folder="$(mktemp -d /tmp/storeterm-pg.XXXXXX)"
chmod 0755 "$folder"
[ "$(id -u)" -eq 0 ] && chown "$user" "$folder"
run "$bin/initdb" -D "$folder/data" -U storeterm --auth=trust -E UTF8 --no-locale >/dev/null
run "$bin/pg_ctl" -D "$folder/data" -l "$folder/log" -w \
  -o "-k $folder -p $port -c listen_addresses= $durability -c max_connections=60" start >/dev/null
run "$bin/createdb" -h "$folder" -p "$port" -U storeterm storeterm_test
echo "host=$folder port=$port user=storeterm dbname=storeterm_test"
