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
for m in jest ts-jest tslib iceberg-js; do
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
"$work/tinybase" start --dir "$pkg/test" --memory >"$work/tinybase.log" 2>&1 &
tb=$!
for _ in $(seq 1 240); do
	if curl -fso /dev/null http://127.0.0.1:54321/rest/v1/ 2>/dev/null; then break; fi
	kill -0 "$tb" 2>/dev/null || { cat "$work/tinybase.log" >&2; exit 1; }
	sleep 0.5
done

# paths reach the config through the environment, quoted by no one
cat >"$work/jest.config.js" <<'JS'
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

set +e
(cd "$pkg" && STORAGE_JS_PKG="$pkg" STORAGE_JS_MODULES="$modules" NODE_PATH="$modules" node "$modules/jest/bin/jest.js" -c "$work/jest.config.js" \
	--runInBand --ci --json --outputFile="$work/result.json" >"$work/jest.log" 2>&1)
rc=$?
set -e
if [ ! -s "$work/result.json" ]; then
	cat "$work/jest.log" >&2
	exit 1
fi
node -e '
const r = require(process.argv[1]);
for (const f of r.testResults.sort((a, b) => a.name.localeCompare(b.name))) {
  const all = f.assertionResults.length;
  const ok = f.assertionResults.filter((a) => a.status === "passed").length;
  const skipped = f.assertionResults.filter((a) => a.status === "pending").length;
  console.log(`${f.name.replace(/.*\/test\//, "")} ${ok}/${all}${skipped ? ` (${skipped} skipped by the suite)` : ""}`);
  for (const a of f.assertionResults) if (a.status === "failed") console.log(`  failed: ${a.fullName}`);
}
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' "$work/result.json"
exit $rc
