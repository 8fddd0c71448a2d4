#!/usr/bin/env bash
# supabase-js's own postgrest-js test suite against tinybase (issue 21).
#
#   bench/postgrest_js.sh SUPABASE_JS_CHECKOUT [NODE_MODULES]
#
# SUPABASE_JS_CHECKOUT is a checkout of the supabase/supabase-js monorepo
# that you provide; nothing is fetched here. NODE_MODULES (default: the
# checkout's node_modules) must hold jest, ts-jest, typescript 5,
# tslib, prettier, @jest/test-sequencer, zod and type-fest, e.g. after
# `pnpm install` in the checkout, or `npm install jest ts-jest
# typescript@5 tslib prettier @jest/test-sequencer zod type-fest` in a
# directory of your own (TypeScript 6 no longer loads @types by default,
# and the package's tsconfig imports its helpers from tslib).
#
# tinybase serves the package's fixture project (test/supabase: its
# migration and seed, unmodified) in memory on the fixture's ports, 54321
# and 54322, which must be free. The suite runs with --runInBand --ci,
# without test/v12 (type-level tests do not run under jest), never with
# -u. The monorepo's jest.config.ts needs ts-node to load, so a plain
# JavaScript config made in a temporary directory loads the TypeScript
# tests through ts-jest instead (transpile only); tests and snapshots are
# read from the checkout as they are.
#
# Prints the passes of every test file and a closing "N passed, N failed"
# line; exits non-zero when a test fails.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 SUPABASE_JS_CHECKOUT [NODE_MODULES]" >&2; exit 2; }
checkout=$(cd "$1" && pwd)
pkg="$checkout/packages/core/postgrest-js"
modules=$(cd "${2:-$checkout/node_modules}" && pwd)
[ -d "$pkg/test/supabase" ] || { echo "$pkg/test/supabase: not found (is $checkout a supabase-js checkout?)" >&2; exit 2; }
cd "$(dirname "$0")/.."
. bench/peer_suite.sh
peer_modules "$modules" jest ts-jest tslib prettier @jest/test-sequencer
peer_serve "$pkg/test"

# paths reach the config through the environment, quoted by no one
cat >"$peer_work/jest.config.js" <<'EOF'
const pkg = process.env.PGRST_JS_PKG
const modules = process.env.PGRST_JS_MODULES
module.exports = {
  rootDir: pkg,
  testEnvironment: 'node',
  maxWorkers: 1,
  testSequencer: pkg + '/test/testSequencer.js',
  prettierPath: require.resolve(modules + '/prettier'),
  testTimeout: 30000,
  transform: {
    '^.+\\.tsx?$': [modules + '/ts-jest', { tsconfig: pkg + '/tsconfig.test.json', isolatedModules: true, diagnostics: false }],
  },
  modulePaths: [modules],
}
EOF

PGRST_JS_PKG="$pkg" PGRST_JS_MODULES="$modules" peer_jest "$pkg" "$modules" --testPathIgnorePatterns='test/v12/'
peer_report
exit $peer_rc
