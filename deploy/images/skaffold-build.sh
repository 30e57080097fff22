#!/usr/bin/env bash
# skaffold's custom builder for one service (skaffold.yaml, profile local-cluster): builds the image
# with buildah as deploy/images/build.sh does (no Docker, no registry pull; cached by its inputs),
# then hands it on as skaffold asks:
#   PUSH_IMAGE=true   pushes it to $IMAGE's registry (the local cluster's on loopback: plain HTTP),
#                     where skaffold reads its digest and the cluster's containerd pulls it;
#   PUSH_IMAGE=false  loads it into the Docker daemon, where skaffold then looks for it.
#
#   IMAGE=127.0.0.1:5000/brandradar/gateway:dev PUSH_IMAGE=true deploy/images/skaffold-build.sh gateway
set -euo pipefail
service=${1:?usage: skaffold-build.sh <service> (with IMAGE and PUSH_IMAGE set, as skaffold does)}
: "${IMAGE:?IMAGE: the image name and tag to produce (skaffold sets it)}"
cd "$(dirname "$0")/../.."
deploy/images/build.sh "$service"
. deploy/images/buildah.sh
built="localhost/brandradar/$service:local"

if [ "${PUSH_IMAGE:-false}" != true ]; then
  bh push --quiet "$built" "docker-daemon:$IMAGE"
  exit 0
fi
registry=${IMAGE%%/*}
case "$registry" in
  localhost | localhost:* | 127.* | \[::1\]*) tls=false ;;
  *.* | *:*) tls=true ;;
  *)
    echo "skaffold-build.sh: $IMAGE names no registry to push to: run skaffold with --default-repo (or SKAFFOLD_DEFAULT_REPO), e.g. the local cluster's" >&2
    exit 1
    ;;
esac
bh push --quiet --tls-verify="$tls" "$built" "docker://$IMAGE"
echo "pushed $IMAGE" >&2
