#!/bin/sh
# The official image's first start, in short: a cluster owned by postgres, POSTGRES_USER as its superuser
# with POSTGRES_PASSWORD (scram), POSTGRES_DB created, connections from anywhere with a password.
set -eu
: "${POSTGRES_USER:=postgres}" "${POSTGRES_DB:=$POSTGRES_USER}"
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "$POSTGRES_PASSWORD" >/tmp/pwfile
  chown postgres /tmp/pwfile
  runuser -u postgres -- initdb --username="$POSTGRES_USER" --pwfile=/tmp/pwfile --auth-local=trust \
    --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm /tmp/pwfile
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  runuser -u postgres -- postgres -D "$PGDATA" -c listen_addresses='' &
  pid=$!
  until pg_isready -q -h /run/postgresql -U "$POSTGRES_USER" -d postgres; do sleep 0.2; done
  if [ "$POSTGRES_DB" != postgres ]; then
    psql -h /run/postgresql -U "$POSTGRES_USER" -d postgres -qc "CREATE DATABASE \"$POSTGRES_DB\""
  fi
  kill "$pid" && wait "$pid" || true
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups postgres -D "$PGDATA" -c listen_addresses="*"
