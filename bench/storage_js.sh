#!/usr/bin/env bash
# supabase-js's own storage-js test suite against tinybase.
#
#   bench/storage_js.sh SUPABASE_JS_CHECKOUT [NODE_MODULES]
#
# SUPABASE_JS_CHECKOUT is a checkout of the supabase/supabase-js monorepo
# that you provide; nothing is fetched here. NODE_MODULES (default: the
# checkout's node_modules) must hold jest, ts-jest, typescript 5, tslib
# and iceberg-js (storage-js's one dependency), e.g. after `pnpm install`
# in the checkout, or `npm install jest ts-jest typescript@5 tslib
# iceberg-js` in a directory of your own.
#
# tinybase serves the package's fixture project (test/supabase: its
# config and seed, unmodified) in memory on the fixture's ports, 54321
# and 54322, which must be free. The suite runs with --runInBand --ci,
# never with -u; the package's jest.config.js is replaced by a plain one
# that loads the TypeScript tests through ts-jest (transpile only) from
# the modules directory; tests and snapshots are read from the checkout
# as they are.
#
# Prints the passes of every test file and a closing "N passed, N failed"
# line; exits non-zero when a test fails.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 SUPABASE_JS_CHECKOUT [NODE_MODULES]" >&2; exit 2; }
checkout=$(cd "$1" && pwd)
pkg="$checkout/packages/core/storage-js"
modules=$(cd "${2:-$checkout/node_modules}" && pwd)
[ -d "$pkg/test/supabase" ] || { echo "$pkg/test/supabase: not found (is $checkout a supabase-js checkout?)" >&2; exit 2; }
cd "$(dirname "$0")/.."
. bench/peer_suite.sh
peer_modules "$modules" jest ts-jest tslib iceberg-js
peer_serve "$pkg/test"

# paths reach the config through the environment, quoted by no one
cat >"$peer_work/jest.config.js" <<'JS'
const pkg = process.env.STORAGE_JS_PKG
const modules = process.env.STORAGE_JS_MODULES
module.exports = {
  rootDir: pkg,
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 30000,
  transform: {
    '^.+\\.tsx?$': [modules + '/ts-jest', { tsconfig: pkg + '/tsconfig.test.json', isolatedModules: true, diagnostics: false }],
  },
  modulePaths: [modules],
}
JS

STORAGE_JS_PKG="$pkg" STORAGE_JS_MODULES="$modules" peer_jest "$pkg" "$modules"
peer_report
exit $peer_rc
