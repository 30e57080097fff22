#!/usr/bin/env bash
# `npm run fuzz:api`: Schemathesis against the whole system (test/fuzz/schemathesis.fuzz.ts).
# Installs Schemathesis from PyPI into a virtualenv in the cache folder on the first run (Python 3.9+
# with venv), builds the TypeScript, and runs the suite on the tests' NATS and FerretDB. Not part of
# `npm test`: it needs PyPI and takes minutes. Extra arguments go to jest.
set -euo pipefail
cd "$(dirname "$0")/../.."
. deploy/local/cache-dir.sh

venv="$CACHE_DIR/schemathesis-venv"
if [ ! -x "$venv/bin/schemathesis" ]; then
  command -v python3 >/dev/null || { echo "Python 3 (with venv) is needed to install Schemathesis." >&2; exit 1; }
  echo "Installing Schemathesis into $venv…"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'schemathesis>=4.32,<5'
fi

npx tsc -b
SCHEMATHESIS="$venv/bin/schemathesis" exec npx jest -c test/fuzz/jest.config.js --ci --forceExit "$@"
