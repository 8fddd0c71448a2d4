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
for m in jest ts-jest tslib iceberg-js @supabase/phoenix jsonwebtoken ws @opentelemetry/api @opentelemetry/sdk-trace-node; do
	[ -d "$modules/$m" ] || { echo "$modules/$m: not found" >&2; exit 2; }
done
cd "$(dirname "$0")/.."

work=$(mktemp -d)
tb=""
cleanup() {
	if [ -n "$tb" ]; then kill "$tb" 2>/dev/null || true; wait "$tb" 2>/dev/null || true; fi
	rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/tinybase" ./cmd/tinybase
"$work/tinybase" start --dir "$pkg" --memory >"$work/tinybase.log" 2>&1 &
tb=$!
for _ in $(seq 1 240); do
	if curl -fso /dev/null http://127.0.0.1:54321/rest/v1/ 2>/dev/null; then break; fi
	kill -0 "$tb" 2>/dev/null || { cat "$work/tinybase.log" >&2; exit 1; }
	sleep 0.5
done

cat >"$work/setup-ws.js" <<'JS'
if (typeof globalThis.WebSocket === 'undefined') globalThis.WebSocket = require(process.env.SBJS_MODULES + '/ws')
JS
# paths reach the config through the environment, quoted by no one
cat >"$work/jest.config.js" <<'JS'
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

set +e
(cd "$pkg" && SBJS_PKG="$pkg" SBJS_MODULES="$modules" SBJS_SETUP="$work/setup-ws.js" NODE_PATH="$modules" node "$modules/jest/bin/jest.js" -c "$work/jest.config.js" \
	--runInBand --ci --forceExit --json --outputFile="$work/result.json" test/integration.test.ts >"$work/jest.log" 2>&1)
rc=$?
set -e
if [ ! -s "$work/result.json" ]; then
	cat "$work/jest.log" >&2
	exit 1
fi
node -e '
const r = require(process.argv[1]);
for (const f of r.testResults) {
  const all = f.assertionResults.length;
  const ok = f.assertionResults.filter((a) => a.status === "passed").length;
  const skipped = f.assertionResults.filter((a) => a.status === "pending").length;
  console.log(`${f.name.replace(/.*\/test\//, "")} ${ok}/${all}${skipped ? ` (${skipped} skipped by the suite)` : ""}`);
  for (const a of f.assertionResults) if (a.status === "failed") console.log(`  failed: ${a.fullName}`);
  if (f.message && !all) console.log(f.message);
}
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' "$work/result.json"
exit $rc
