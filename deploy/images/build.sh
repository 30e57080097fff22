#!/usr/bin/env bash
# Builds service images from the unmodified Dockerfile with buildah, without a daemon and without
# pulling: the base is the local stand-in (node-base.sh). Used by test/images; also a way to build
# the images on a machine without docker.
#
#   deploy/images/build.sh                 # all seven, tagged localhost/brandradar/<service>:local
#   deploy/images/build.sh gateway runner  # some
#   deploy/images/build.sh --release 0.1.0 tracker
#                                          # as release 0.1.0 shipped it: localhost/brandradar/tracker:0.1.0
#
# A release is the commit that recorded packages/contracts/releases/<version>.messages.json (the
# newest commit touching that file; this clone's history must hold it). Its sources are taken from
# git into the cache and built by this script's steps with that commit's Dockerfile and base, so a
# service of the previous release can run beside today's others (docs/operations.md).
# Layers are cached in buildah's storage under ~/.cache/brandradar/buildah-<driver>, so the stages the
# services share are built once, and again only when the lockfile or the sources change.
set -euo pipefail
cd "$(dirname "$0")/../.."
. deploy/images/buildah.sh

tag=local
if [ "${1:-}" = --release ]; then
  tag=${2:?usage: build.sh --release <version> [service…]}
  shift 2
  record="packages/contracts/releases/$tag.messages.json"
  commit=$(git log -1 --format=%H -- "$record")
  [ -n "$commit" ] || { echo "no release $tag: no commit of this clone's history recorded $record" >&2; exit 1; }
  source_dir="$CACHE_DIR/releases/$commit"
  if [ ! -f "$source_dir/Dockerfile" ]; then
    rm -rf "$source_dir.partial" && mkdir -p "$source_dir.partial"
    git archive "$commit" | tar -x -C "$source_dir.partial"
    mv "$source_dir.partial" "$source_dir"
  fi
  # From here on the release's files are the context, and its node-base.sh makes the base its Dockerfile names.
  export BRANDRADAR_CACHE_DIR="$CACHE_DIR"
  cd "$source_dir"
fi

services=("$@")
[ ${#services[@]} -gt 0 ] || services=(gateway tracker scheduler runner billing workflow notifier)
base=$(deploy/images/node-base.sh)
buildah_setup

# Where the network needs a CA of its own (a TLS-inspecting proxy), npm in the RUN steps trusts the
# one the host's npm trusts. Bind mounts during RUN only: nothing of it ends up in an image.
mounts=()
cafile=$(npm config get cafile 2>/dev/null || true)
if [ -n "$cafile" ] && [ "$cafile" != null ] && [ -f "$cafile" ]; then
  printf 'cafile=/run/host-ca.crt\n' > "$CACHE_DIR/images/npmrc"
  mounts=(--volume "$cafile:/run/host-ca.crt:ro" --volume "$CACHE_DIR/images/npmrc:/usr/local/etc/npmrc:ro")
fi

# What an image is made of: the base, the Dockerfile, the build argument and the files its COPY steps
# take (the context less .dockerignore: all packages, every service's manifest, this service's
# sources). An image whose recorded digest matches is left as it is: with every layer cached,
# `buildah bud` still takes about 3 s of CPU per image to find that out.
base_id=$(bh inspect --type image --format '{{.FromImageID}}' "$base")
inputs_digest() {
  local files
  files=$(find package.json package-lock.json tsconfig.base.json Dockerfile .dockerignore packages "services/$1" services/*/package.json \
    -type f -not -path '*/node_modules/*' -not -path '*/dist/*' -not -name '*.tsbuildinfo' -not -name '*.md' -not -name '*.test.ts' \
    -printf '%m %p\n' | LC_ALL=C sort -u)
  { printf '%s\n' "$1" "$base_id" "$files"; cut -d' ' -f2- <<<"$files" | tr '\n' '\0' | xargs -0 sha256sum; } | sha256sum | cut -c1-32
}
image_id() { bh inspect --type image --format '{{.FromImageID}}' "$1" 2>/dev/null || true; }
mkdir -p "$CACHE_DIR/images/inputs"

stale=()
declare -A digests
for service in "${services[@]}"; do
  image="localhost/brandradar/$service:$tag"
  record="$CACHE_DIR/images/inputs/$service@$tag"
  digests[$service]=$(inputs_digest "$service")
  if [ -f "$record" ] && [ "$(cat "$record")" = "${digests[$service]} $(image_id "$image")" ]; then
    echo "$image is up to date (inputs ${digests[$service]})" >&2
  else
    stale+=("$service")
  fi
done
[ ${#stale[@]} -gt 0 ] || exit 0

# Layers of older sources pile up in the cache (pruning dangling images would drop the shared stages'
# cache too): past BRANDRADAR_BUILDAH_MAX_GB (10), the storage starts over; the base comes back from
# its archive. Looked at only before a build (du over the storage takes seconds, mostly in the kernel).
store="$CACHE_DIR/buildah-$(cat "$CACHE_DIR/buildah.driver")"
if [ "$(du -s --block-size=1G "$store" | cut -f1)" -gt "${BRANDRADAR_BUILDAH_MAX_GB:-10}" ]; then
  bh rmi --all --force >/dev/null 2>&1 || true
  rm -rf "$store"
  base=$(deploy/images/node-base.sh)
  base_id=$(bh inspect --type image --format '{{.FromImageID}}' "$base")
  for service in "${stale[@]}"; do digests[$service]=$(inputs_digest "$service"); done
fi

for service in "${stale[@]}"; do
  started=$SECONDS
  image="localhost/brandradar/$service:$tag"
  bh bud --quiet --layers --force-rm --pull=never "${mounts[@]}" --build-arg "SERVICE=$service" \
    --tag "$image" --file Dockerfile . >/dev/null
  echo "${digests[$service]} $(image_id "$image")" > "$CACHE_DIR/images/inputs/$service@$tag"
  echo "built $image in $((SECONDS - started)) s" >&2
done
