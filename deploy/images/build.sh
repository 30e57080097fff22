#!/usr/bin/env bash
# Builds service images from the unmodified Dockerfile with buildah, without a daemon and without
# pulling: the base is the local stand-in (node-base.sh). Used by test/images; also a way to build
# the images on a machine without docker.
#
#   deploy/images/build.sh                 # all seven, tagged localhost/brandradar/<service>:local
#   deploy/images/build.sh gateway runner  # some
#
# Layers are cached in buildah's storage under ~/.cache/brandradar/buildah-<driver>, so the stages the
# services share are built once, and again only when the lockfile or the sources change.
set -euo pipefail
cd "$(dirname "$0")/../.."
. deploy/images/buildah.sh

# Layers of older sources pile up in the cache (pruning dangling images would drop the shared stages'
# cache too): past BRANDRADAR_BUILDAH_MAX_GB (10), the storage starts over; the base comes back from its archive.
store="$CACHE_DIR/buildah-$(cat "$CACHE_DIR/buildah.driver" 2>/dev/null || echo none)"
if [ -d "$store" ] && [ "$(du -s --block-size=1G "$store" | cut -f1)" -gt "${BRANDRADAR_BUILDAH_MAX_GB:-10}" ]; then
  bh rmi --all --force >/dev/null 2>&1 || true
  rm -rf "$store"
fi

services=("$@")
[ ${#services[@]} -gt 0 ] || services=(gateway tracker scheduler runner billing workflow notifier)
deploy/images/node-base.sh >/dev/null
buildah_setup

# Where the network needs a CA of its own (a TLS-inspecting proxy), npm in the RUN steps trusts the
# one the host's npm trusts. Bind mounts during RUN only: nothing of it ends up in an image.
mounts=()
cafile=$(npm config get cafile 2>/dev/null || true)
if [ -n "$cafile" ] && [ "$cafile" != null ] && [ -f "$cafile" ]; then
  printf 'cafile=/run/host-ca.crt\n' > "$CACHE_DIR/images/npmrc"
  mounts=(--volume "$cafile:/run/host-ca.crt:ro" --volume "$CACHE_DIR/images/npmrc:/usr/local/etc/npmrc:ro")
fi

for service in "${services[@]}"; do
  started=$SECONDS
  bh bud --quiet --layers --force-rm --pull=never "${mounts[@]}" --build-arg "SERVICE=$service" \
    --tag "localhost/brandradar/$service:local" --file Dockerfile . >/dev/null
  echo "built localhost/brandradar/$service:local in $((SECONDS - started)) s" >&2
done
