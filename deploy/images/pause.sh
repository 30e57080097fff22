#!/usr/bin/env bash
# The local cluster's sandbox image: the static pause binary (deploy/local/pause, built by
# packages/devstack/src/binaries.ts) alone in a `FROM scratch` image, so that containerd never pulls
# registry.k8s.io/pause. Prints the image reference.
#
#   deploy/images/pause.sh <pause binary>
set -euo pipefail
cd "$(dirname "$0")/../.."
. deploy/images/buildah.sh

binary=$1
tag=localhost/brandradar/pause:local
buildah_setup
# The binary's name carries its source hash: the image is rebuilt only when the program changed.
if [ "$(bh inspect --type image --format '{{index .ImageAnnotations "brandradar.pause"}}' "$tag" 2>/dev/null || true)" != "$(basename "$binary")" ]; then
  ctr=$(bh from --quiet scratch)
  trap 'bh rm "$ctr" >/dev/null 2>&1 || true' EXIT
  bh copy --quiet "$ctr" "$binary" /pause >/dev/null
  bh config --entrypoint '["/pause"]' --user 65535:65535 --annotation "brandradar.pause=$(basename "$binary")" "$ctr"
  bh commit --quiet "$ctr" "$tag" >/dev/null
fi
echo "$tag"
