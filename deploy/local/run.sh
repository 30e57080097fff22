#!/usr/bin/env bash
# The README's two commands, on a fresh clone with only Node 20, Go and Debian packages:
#   npm start   the whole system locally (NATS, FerretDB, seven services, a demo account)
#   npm test    the full test suite (unit and integration, with its own NATS and FerretDB)
#   npm run bench  the benchmarks under test/bench (not part of the test suite)
#   npm run eval   brand detection scored on its labelled set (test/eval)
#   npm run cluster -- up|down  the single-node Kubernetes cluster with the release (packages/devstack/src/cluster)
# All install npm dependencies when needed and build the TypeScript first.
set -euo pipefail
cd "$(dirname "$0")/../.."

# The evaluation is pure TypeScript: it needs no Go.
if [ "${1:-}" != eval ]; then
  command -v go >/dev/null || { echo "Go (1.24 or newer) is needed to build nats-server and FerretDB from their modules." >&2; exit 1; }
fi

full_suite=
[ "${1:-}" = test ] && [ $# -eq 1 ] && full_suite=yes

# The Go modules of our wrapper modules download beside npm ci (the kube-apiserver's are about
# 150 MB); the prebuild below compiles them once TypeScript has built its code.
if [ -n "$full_suite" ]; then
  . deploy/local/cache-dir.sh
  for module in deploy/local/ferretdb deploy/local/kube-apiserver; do
    (cd "$module" && GOMODCACHE="$CACHE_DIR/gomod" GOTOOLCHAIN=local go mod download >/dev/null 2>&1 || true) &
  done
fi

# Install when node_modules is missing or older than the lockfile.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

# The full suite (`npm test` without jest arguments) builds what it needs once per machine first
# (packages/devstack/src/prebuild.ts), beside the TypeScript build, so that no test runs beside a
# compiler. The prebuild's own code is compiled first: a few seconds.
prebuild=
if [ -n "$full_suite" ]; then
  npx tsc -b packages/devstack
  # A process group of its own, so that its compilers are stopped with it.
  setsid node packages/devstack/dist/prebuild.js &
  prebuild=$!
  # Not left building when the TypeScript build fails (`|| true`: set -e holds in a trap too).
  trap 'kill -- "-$prebuild" 2>/dev/null || true' EXIT
  # Then the static checks (docs/development.md, "The inner loop"): knip (unused files, exports,
  # dependencies; undeclared imports) and the linter. Neither needs a build, so a finding stops the
  # run (and the prebuild, by the trap) before the TypeScript build and jest. They run beside the
  # prebuild's Go compilers rather than before them: ESLint works on one core, and the prebuild
  # has the other (about a minute less of a cold run on 2 cores).
  npm run --silent knip || { echo "npm run knip: remove what is unused, or justify it (docs/development.md)" >&2; exit 1; }
  npm run --silent lint || { echo "npm run lint: fix each finding above, or justify it where it stands (docs/development.md)" >&2; exit 1; }
fi
npx tsc -b

case "${1:-}" in
  start)
    shift
    exec node packages/devstack/dist/cli.js "$@"
    ;;
  test)
    shift
    mkdir -p .data
    # Type-check the tests too (jest only transpiles), beside the prebuild and jest rather than before
    # them. Its errors come after jest's output and fail the run. tsc parses all 2,300 files (node_modules' types
    # included) to find out that nothing changed, about 9 s of CPU, so it is skipped when it passed
    # after the last change: the stamp is the start of the last passing check, and any source,
    # test, tsconfig or dependency newer than it (a file added, removed or renamed makes its
    # directory newer) means check again.
    passed=.data/tsc-test.passed
    changed=yes
    if [ -f "$passed" ]; then
      changed=$(find packages services test \( -name node_modules -o -name dist \) -prune -o -newer "$passed" -print -quit)
      for f in tsconfig.base.json tsconfig.test.json node_modules/.package-lock.json; do
        [ "$f" -nt "$passed" ] && changed=yes
      done
    fi
    if [ -n "$changed" ]; then
      touch .data/tsc-test.started
      { npx tsc -p tsconfig.test.json > .data/tsc-test.log 2>&1 && mv .data/tsc-test.started "$passed"; } &
    else
      echo "tsc -p tsconfig.test.json: nothing changed since it last passed" > .data/tsc-test.log
      true &
    fi
    typecheck=$!
    if [ -n "$prebuild" ] && ! wait "$prebuild"; then
      echo "the prebuild failed (see its lines above): no test was run" >&2
      exit 1
    fi
    summary=.data/jest-summary.txt
    rm -f "$summary"
    status=0
    # --forceExit: a test that leaves a socket open (a killed child's half-closed
    # connection, say) must not keep CI waiting after every test has finished.
    JEST_SUMMARY_FILE="$summary" npx jest --ci --forceExit "$@" || status=$?
    if ! wait "$typecheck"; then
      cat .data/tsc-test.log
      echo "tsc -p tsconfig.test.json: the tests do not type-check" >&2
      [ "$status" -ne 0 ] || status=2
    fi
    [ -f "$summary" ] && cat "$summary"
    exit "$status"
    ;;
  bench)
    shift
    # --forceExit as for the tests: a run still waiting on the never-answering surface (the
    # dispatch bench's runner) must not hold the measurement lock after the figures are out.
    exec npx jest -c test/bench/jest.config.js --ci --forceExit "$@"
    ;;
  cluster)
    shift
    exec node packages/devstack/dist/cluster/cli.js "$@"
    ;;
  eval)
    npx tsc -b test/eval
    exec node .data/eval/cli.js
    ;;
  *)
    echo "usage: $0 start|test|bench|eval|cluster [args]" >&2
    exit 2
    ;;
esac
