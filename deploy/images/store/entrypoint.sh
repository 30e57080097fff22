#!/bin/bash
# The store image's entrypoint (deploy/images/store-images.sh): PostgreSQL and FerretDB v1 on it,
# a MongoDB for dev and test clusters, as the dev stack runs them (packages/devstack/src/store.ts).
#   - the PostgreSQL cluster lives in $STORE_DATA_DIR/postgres (the volume), made on first start;
#     it listens only on a Unix socket in $STORE_SOCKET_DIR, never on the network;
#   - FerretDB's administrator role gets a new random password at every start: only FerretDB uses it;
#   - each name in $STORE_USERS becomes a PostgreSQL role that logs in with the password in
#     $MONGO_PASSWORD_<NAME in capitals> (set again at every start: rotation is a restart) and may
#     create databases; a database (a schema) belongs to the role that created it, and no other
#     service role can read or write it. FerretDB v1 has no createUser: its PLAIN login passes the
#     user and password on to PostgreSQL, so these roles are the services' Mongo users;
#   - FerretDB (our wrapper, deploy/local/ferretdb) listens on $STORE_LISTEN (0.0.0.0:27017).
# SIGTERM stops FerretDB, then PostgreSQL with a fast shutdown (every commit is on disk first).
set -euo pipefail

PG_BIN=$(echo /usr/lib/postgresql/*/bin)
DATA=${STORE_DATA_DIR:-/data}
PGDATA=$DATA/postgres
SOCKET=${STORE_SOCKET_DIR:-/tmp}
ME=$(id -un)
log() { echo "store: $*" >&2; }

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  log "creating the PostgreSQL cluster in $PGDATA"
  rm -rf "$PGDATA.new"
  "$PG_BIN/initdb" -D "$PGDATA.new" -U "$ME" --auth-local=peer -E UTF8 --locale=C >/dev/null
  # The superuser by peer authentication (this entrypoint); everyone else by password.
  printf 'local all %s peer\nlocal all all scram-sha-256\n' "$ME" > "$PGDATA.new/pg_hba.conf"
  mv "$PGDATA.new" "$PGDATA" # a cluster that exists is complete
fi
# PostgreSQL refuses a data folder others may enter; a volume's group ownership (fsGroup) may add g+rwx.
chmod 0700 "$PGDATA"

# plan_cache_mode: FerretDB's prepared statements keep custom plans, which can use the indexes
# (the reason is in packages/devstack/src/postgres.ts). Commits stay synchronous: a killed pod loses
# nothing. jit=off: the image has no LLVM.
"$PG_BIN/postgres" -D "$PGDATA" -k "$SOCKET" -c listen_addresses= -c plan_cache_mode=force_custom_plan \
  -c max_connections=200 -c jit=off -c log_min_messages=warning &
pg_pid=$!
ferretdb_pid=

stop() {
  [ -n "$ferretdb_pid" ] && kill -TERM "$ferretdb_pid" 2>/dev/null && wait "$ferretdb_pid" || true
  kill -INT "$pg_pid" 2>/dev/null && wait "$pg_pid" || true
  exit 0
}
trap stop TERM INT

psql_as_superuser() { "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$SOCKET" -U "$ME" "$@"; }
for _ in $(seq 1 600); do
  psql_as_superuser -d postgres -c 'SELECT 1' >/dev/null 2>&1 && break
  kill -0 "$pg_pid" 2>/dev/null || { log "PostgreSQL exited"; exit 1; }
  sleep 0.1
done

admin_password=$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')
psql_as_superuser -d postgres -v admin_password="$admin_password" <<'SQL'
SELECT 'CREATE DATABASE ferretdb' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'ferretdb')\gexec
SELECT 'CREATE ROLE brandradar_admin' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'brandradar_admin')\gexec
ALTER ROLE brandradar_admin LOGIN SUPERUSER PASSWORD :'admin_password';
SQL
for user in ${STORE_USERS:-}; do
  var=MONGO_PASSWORD_${user^^}
  [ -n "${!var:-}" ] || { log "no $var for the user $user"; exit 1; }
  psql_as_superuser -d ferretdb -v user="$user" -v password="${!var}" <<'SQL'
SELECT format('CREATE ROLE %I', :'user') WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'user')\gexec
ALTER ROLE :"user" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT PASSWORD :'password';
GRANT CREATE ON DATABASE ferretdb TO :"user";
SQL
done
psql_as_superuser -d ferretdb -f /usr/local/share/brandradar/equality-indexes.sql >/dev/null

# GOGC as the dev stack sets it (packages/devstack/src/processes.ts: FerretDB's collector time).
GOGC=${GOGC:-400} FERRETDB_POSTGRESQL_URL="postgres://brandradar_admin:$admin_password@/ferretdb?host=$SOCKET" \
  /usr/local/bin/ferretdb --listen-addr "${STORE_LISTEN:-0.0.0.0:27017}" &
ferretdb_pid=$!
log "FerretDB on ${STORE_LISTEN:-0.0.0.0:27017}, PostgreSQL in $PGDATA"

# Either one ending ends the container (its restart policy starts both again).
set +e
wait -n "$pg_pid" "$ferretdb_pid"
status=$?
log "$( kill -0 "$pg_pid" 2>/dev/null && echo FerretDB || echo PostgreSQL ) exited ($status)"
stop_status=$status
kill -TERM "$ferretdb_pid" 2>/dev/null; kill -INT "$pg_pid" 2>/dev/null
wait
exit $((stop_status == 0 ? 1 : stop_status))
