#!/usr/bin/env bash
# Builds the in-cluster stores' images for dev and test clusters, where no registry is reachable,
# with buildah (no daemon, no registry; deploy/images/buildah.sh), from what this machine builds:
#   nats   the nats-server the project builds (ensureNatsServer), alone on an empty image, run as
#          uid 1000; /nats-server is the entrypoint, as in the official image, so the chart's
#          StatefulSet (args --config /etc/nats/nats.conf) runs either;
#   store  FerretDB v1 (ensureFerretDb: our wrapper, deploy/local/ferretdb) on Debian's PostgreSQL,
#          started by deploy/images/store/entrypoint.sh, run as uid 1000 (the `store` user).
# Prints the two image references, one per line; progress goes to standard error:
#
#   deploy/images/store-images.sh
#   localhost/brandradar/nats:2.12.15
#   localhost/brandradar/store:ferretdb-1.24.2-pg15
#
# Neither image declares a VOLUME: the chart mounts a claim on /data, and `buildah run --volume`
# would lose to a declared one. An image whose inputs (binaries, files, this script) are unchanged is left as it is. The Debian
# root filesystem with PostgreSQL is an image of its own (store-base), rebuilt only when its
# package list changes: mmdebstrap downloads about 40 MB of packages.
set -euo pipefail
cd "$(dirname "$0")/../.."
. deploy/images/buildah.sh

SUITE=bookworm # Debian 12, whose PostgreSQL is 15
PG_MAJOR=15
buildah_setup
mkdir -p "$CACHE_DIR/images/inputs"

# The binaries, built once per version by packages/devstack/src/binaries.ts.
npx tsc -b packages/devstack >&2
mapfile -t bins < <(node -e 'const d = require("./packages/devstack/dist");
Promise.all([d.ensureNatsServer(), d.ensureFerretDb()]).then((p) => console.log([...p, d.NATS_SERVER_VERSION, d.FERRETDB_VERSION].join("\n")))')
[ ${#bins[@]} -eq 4 ] || { echo "could not build nats-server and FerretDB (packages/devstack/src/binaries.ts)" >&2; exit 1; }
NATS_BIN=${bins[0]} FERRETDB_BIN=${bins[1]} NATS_VERSION=${bins[2]#v} FERRETDB_VERSION=${bins[3]#v}
NATS_IMAGE=localhost/brandradar/nats:$NATS_VERSION
STORE_IMAGE=localhost/brandradar/store:ferretdb-$FERRETDB_VERSION-pg$PG_MAJOR

image_id() { bh inspect --type image --format '{{.FromImageID}}' "$1" 2>/dev/null || true; }
label() { bh inspect --type image --format "{{index .OCIv1.Config.Labels \"$2\"}}" "$1" 2>/dev/null || true; }
digest() { cat "$@" | sha256sum | cut -c1-32; }
# Up to date: the record of the last build names these inputs and the image that is there now.
up_to_date() { [ -f "$CACHE_DIR/images/inputs/$1" ] && [ "$(cat "$CACHE_DIR/images/inputs/$1")" = "$2 $(image_id "$3")" ]; }
record() { echo "$2 $(image_id "$3")" > "$CACHE_DIR/images/inputs/$1"; }

ctr=
trap 'if [ -n "$ctr" ]; then bh rm "$ctr" >/dev/null 2>&1 || true; fi' EXIT

nats_inputs=$(digest "$0" "$NATS_BIN")
if up_to_date nats "$nats_inputs" "$NATS_IMAGE"; then
  echo "$NATS_IMAGE is up to date" >&2
else
  started=$SECONDS
  ctr=$(bh from --quiet scratch)
  bh copy --quiet --chmod 0755 "$ctr" "$NATS_BIN" /nats-server
  # A configuration of its own for a plain run; the chart mounts its ConfigMap over /etc/nats.
  printf '%s\n' 'listen: 0.0.0.0:4222' 'http_port: 8222' 'jetstream { store_dir: /data }' > "$CACHE_DIR/images/nats.conf"
  bh copy --quiet --chmod 0644 "$ctr" "$CACHE_DIR/images/nats.conf" /etc/nats/nats.conf
  bh config --entrypoint '["/nats-server"]' --cmd '--config /etc/nats/nats.conf' --user 1000:1000 \
    --port 4222 --port 6222 --port 8222 --label "org.brandradar.nats-server=$NATS_VERSION" "$ctr"
  bh commit --quiet --rm "$ctr" "$NATS_IMAGE" >/dev/null
  ctr=
  record nats "$nats_inputs" "$NATS_IMAGE"
  echo "built $NATS_IMAGE in $((SECONDS - started)) s" >&2
fi

# Debian with PostgreSQL's server (psql, initdb and postgres), without the cluster Debian's package
# makes, documentation or translations, and without LLVM (130 of the 376 MB): the entrypoint runs
# PostgreSQL with jit=off, so its JIT is never loaded. The `store` user (uid 1000) runs everything.
BASE_IMAGE=localhost/brandradar/store-base:$SUITE-pg$PG_MAJOR
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
base_recipe=$(printf '%s\n' "$SUITE" "$PG_MAJOR" "$MIRROR" "$(sed -n '/^build_base()/,/^}/p' "$0")")
base_key=$(printf '%s' "$base_recipe" | sha256sum | cut -c1-12)
build_base() {
  local work
  work=$(mktemp -d)
  printf '%s\n' "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" "deb ${DEBIAN_SECURITY:-http://deb.debian.org/debian-security} $SUITE-security main" > "$work/sources.list"
  mmdebstrap --quiet --variant=minbase --format=tar --include="postgresql-$PG_MAJOR" \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/lib/x86_64-linux-gnu/libLLVM-*' --dpkgopt='path-exclude=/usr/lib/postgresql/*/lib/bitcode/*' \
    --dpkgopt='path-exclude=/usr/lib/postgresql/*/lib/llvmjit*' \
    --customize-hook='rm -rf "$1"/var/lib/postgresql/*/main "$1"/etc/postgresql/*/main' \
    --customize-hook='chroot "$1" groupadd --gid 1000 store' \
    --customize-hook='chroot "$1" useradd --uid 1000 --gid store --no-create-home --home-dir /data --shell /usr/sbin/nologin store' \
    --customize-hook='mkdir -p "$1/data" && chown 1000:1000 "$1/data"' \
    --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \
    "$SUITE" "$work/rootfs.tar" "$work/sources.list"
  ctr=$(bh from --quiet scratch)
  bh add --quiet "$ctr" "$work/rootfs.tar" /
  rm -rf "$work"
  bh config --label "org.brandradar.store-base=$base_key" "$ctr"
  bh commit --quiet --rm "$ctr" "$BASE_IMAGE" >/dev/null
  ctr=
}
if [ "$(label "$BASE_IMAGE" org.brandradar.store-base)" != "$base_key" ]; then
  started=$SECONDS
  echo "building $BASE_IMAGE (Debian $SUITE, PostgreSQL $PG_MAJOR)" >&2
  build_base
  echo "built $BASE_IMAGE in $((SECONDS - started)) s" >&2
fi

store_inputs=$(printf '%s\n' "$(image_id "$BASE_IMAGE")" | digest - "$0" "$FERRETDB_BIN" deploy/images/store/entrypoint.sh deploy/local/ferretdb/equality-indexes.sql)
if up_to_date store "$store_inputs" "$STORE_IMAGE"; then
  echo "$STORE_IMAGE is up to date" >&2
else
  started=$SECONDS
  ctr=$(bh from --quiet --pull=never "$BASE_IMAGE")
  bh copy --quiet --chmod 0755 "$ctr" "$FERRETDB_BIN" /usr/local/bin/ferretdb
  bh copy --quiet --chmod 0755 "$ctr" deploy/images/store/entrypoint.sh /usr/local/bin/store-entrypoint
  bh copy --quiet --chmod 0644 "$ctr" deploy/local/ferretdb/equality-indexes.sql /usr/local/share/brandradar/equality-indexes.sql
  bh config --entrypoint '["/usr/local/bin/store-entrypoint"]' --cmd '' --user 1000:1000 --workingdir /data --port 27017 \
    --env STORE_DATA_DIR=/data --env STORE_SOCKET_DIR=/tmp --env STORE_LISTEN=0.0.0.0:27017 \
    --label "org.brandradar.ferretdb=$FERRETDB_VERSION" --label "org.brandradar.postgresql=$PG_MAJOR" "$ctr"
  bh commit --quiet --rm "$ctr" "$STORE_IMAGE" >/dev/null
  ctr=
  record store "$store_inputs" "$STORE_IMAGE"
  echo "built $STORE_IMAGE in $((SECONDS - started)) s" >&2
fi

echo "$NATS_IMAGE"
echo "$STORE_IMAGE"
