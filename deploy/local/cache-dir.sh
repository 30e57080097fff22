# Sourced by the shell scripts: the folder outside the clone where builds are cached, as
# packages/devstack/src/paths.ts computes it for the TypeScript side. BRANDRADAR_CACHE_DIR, else
# $XDG_CACHE_HOME/brandradar, else ~/.cache/brandradar.
CACHE_DIR="${BRANDRADAR_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/brandradar}"
