# Sourced by the image scripts: buildah without a daemon or a registry, its storage outside the
# clone. Chroot isolation needs no container runtime, so RUN steps and `buildah run` work where
# crun/runc cannot start containers (cgroups in hybrid mode); they share the host's network.
# The overlay driver where the kernel mounts overlayfs on the storage's file system (layers are
# diffs), else vfs (works everywhere, but every layer is a full copy: several GB for seven images).
. "$(dirname "${BASH_SOURCE[0]}")/../local/cache-dir.sh"
export BUILDAH_ISOLATION=chroot

need_tools() {
  local missing=()
  command -v buildah >/dev/null || missing+=(buildah)
  command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" != 0 ]; then
    echo "needs ${missing[*]} (Debian packages): apt-get install -y ${missing[*]}" >&2
    return 1
  fi
  # Another apt-get (a test installing Chromium, say) may hold dpkg's lock: wait for it.
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
}

# Once per cache: the driver is a property of the storage, which cannot switch drivers.
buildah_setup() {
  need_tools
  [ -s "$CACHE_DIR/buildah.driver" ] && return 0
  local probe ctr driver=vfs
  mkdir -p "$CACHE_DIR"
  probe=$(mktemp -d "$CACHE_DIR/overlay-probe.XXXXXX")
  if ctr=$(buildah --root "$probe/s" --runroot "$probe/r" --storage-driver overlay from --quiet scratch 2>/dev/null) \
    && buildah --root "$probe/s" --runroot "$probe/r" --storage-driver overlay mount "$ctr" >/dev/null 2>&1; then driver=overlay; fi
  buildah --root "$probe/s" --runroot "$probe/r" --storage-driver overlay rm --all >/dev/null 2>&1 || true
  rm -rf "$probe"
  echo "${BRANDRADAR_BUILDAH_DRIVER:-$driver}" > "$CACHE_DIR/buildah.driver"
}

# BH_FLAGS: buildah's flags for the scripts' storage; `bh` runs buildah with them.
bh_flags() {
  local driver
  driver=$(cat "$CACHE_DIR/buildah.driver")
  BH_FLAGS=(--root "$CACHE_DIR/buildah-$driver/storage" --runroot "$CACHE_DIR/buildah-$driver/run" --storage-driver "$driver")
}

bh() {
  bh_flags
  buildah "${BH_FLAGS[@]}" "$@"
}
