#!/usr/bin/env bash
# supabase-js's own integration suite (packages/core/supabase-js
# test/integration.test.ts: PostgREST, RLS, Auth, Realtime, Storage and
# trace headers through createClient) against tinybase.
#
#   bench/supabase_js.sh SUPABASE_JS_CHECKOUT [NODE_MODULES]
#
# SUPABASE_JS_CHECKOUT is a checkout of the supabase/supabase-js monorepo
# that you provide; nothing is fetched here. The suite imports the
# monorepo's packages from their sources (auth-js, functions-js,
# postgrest-js, realtime-js, storage-js, shared/tracing). NODE_MODULES
# (default: the checkout's node_modules) must hold jest, ts-jest,
# typescript 5, tslib, iceberg-js, @supabase/phoenix, jsonwebtoken, ws,
# @opentelemetry/api, @opentelemetry/core,
# @opentelemetry/context-async-hooks and @opentelemetry/sdk-trace-node.
#
# tinybase serves the package's fixture project (supabase/: its config,
# migrations and seed, unmodified) in memory on the fixture's ports, 54321
# and 54322, which must be free. Node older than 22 has no WebSocket, for
# which the suite's own fallback is the ws package: a setup file installs
# it as the global. Runs with --runInBand --ci, never with -u.
#
# Prints the passes and a closing "N passed, N failed" line; exits
# non-zero when a test fails.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 SUPABASE_JS_CHECKOUT [NODE_MODULES]" >&2; exit 2; }
checkout=$(cd "$1" && pwd)
pkg="$checkout/packages/core/supabase-js"
modules=$(cd "${2:-$checkout/node_modules}" && pwd)
[ -f "$pkg/test/integration.test.ts" ] || { echo "$pkg/test/integration.test.ts: not found (is $checkout a supabase-js checkout?)" >&2; exit 2; }
cd "$(dirname "$0")/.."
. bench/peer_suite.sh
peer_modules "$modules" jest ts-jest tslib iceberg-js @supabase/phoenix jsonwebtoken ws @opentelemetry/api @opentelemetry/sdk-trace-node
peer_serve "$pkg"

cat >"$peer_work/setup-ws.js" <<'JS'
if (typeof globalThis.WebSocket === 'undefined') globalThis.WebSocket = require(process.env.SBJS_MODULES + '/ws')
JS
# paths reach the config through the environment, quoted by no one
cat >"$peer_work/jest.config.js" <<'JS'
const pkg = process.env.SBJS_PKG
const modules = process.env.SBJS_MODULES
const core = pkg + '/..'
module.exports = {
  rootDir: pkg,
  testEnvironment: 'node',
  maxWorkers: 1,
  testTimeout: 30000,
  setupFiles: [process.env.SBJS_SETUP],
  transform: {
    '^.+\\.tsx?$': [modules + '/ts-jest', { tsconfig: pkg + '/tsconfig.json', isolatedModules: true, diagnostics: false }],
  },
  moduleNameMapper: {
    '^@supabase/(auth|functions|postgrest|realtime|storage)-js$': core + '/$1-js/src/index.ts',
    '^@supabase/supabase-js$': pkg + '/src/index.ts',
    '^@supabase/tracing$': core + '/../shared/tracing/src/index.ts',
  },
  modulePaths: [modules],
}
JS

SBJS_PKG="$pkg" SBJS_MODULES="$modules" SBJS_SETUP="$peer_work/setup-ws.js" peer_jest "$pkg" "$modules" --forceExit test/integration.test.ts
peer_report
exit $peer_rc
