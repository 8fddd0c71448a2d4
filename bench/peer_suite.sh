# peer_suite.sh — sourced by the scripts that run one of supabase-js's own
# jest suites against tinybase (postgrest_js.sh, storage_js.sh,
# supabase_js.sh): the fixture server, the jest run and the report.
#
#   peer_modules DIR NAME...   checks that the modules directory holds each
#                              package (exit 2 naming the first missing)
#   peer_serve PROJECT_DIR     builds tinybase into $peer_work and serves
#                              the fixture project in memory on its
#                              config's ports (54321 / 54322), until exit
#   peer_jest PKG MODULES ARGS runs jest in PKG with $peer_work/jest.config.js
#                              and ARGS, writing $peer_work/result.json;
#                              sets peer_rc to jest's exit status
#   peer_report                prints each file's passes (and the tests the
#                              suite itself skips), then "N passed, N failed"
#
# peer_work is a temporary directory removed at exit, with the server.

peer_work=$(mktemp -d)
peer_tb=""
peer_rc=0
peer_cleanup() {
	if [ -n "$peer_tb" ]; then kill "$peer_tb" 2>/dev/null || true; wait "$peer_tb" 2>/dev/null || true; fi
	rm -rf "$peer_work"
}
trap peer_cleanup EXIT

peer_modules() {
	local modules="$1" m
	shift
	for m in "$@"; do
		[ -d "$modules/$m" ] || { echo "$modules/$m: not found" >&2; exit 2; }
	done
}

peer_serve() {
	go build -o "$peer_work/tinybase" ./cmd/tinybase
	"$peer_work/tinybase" start --dir "$1" --memory >"$peer_work/tinybase.log" 2>&1 &
	peer_tb=$!
	for _ in $(seq 1 240); do
		if curl -fso /dev/null http://127.0.0.1:54321/rest/v1/ 2>/dev/null; then return; fi
		kill -0 "$peer_tb" 2>/dev/null || { cat "$peer_work/tinybase.log" >&2; exit 1; }
		sleep 0.5
	done
}

peer_jest() {
	local pkg="$1" modules="$2"
	shift 2
	set +e
	(cd "$pkg" && NODE_PATH="$modules" node "$modules/jest/bin/jest.js" -c "$peer_work/jest.config.js" \
		--runInBand --ci --json --outputFile="$peer_work/result.json" "$@" >"$peer_work/jest.log" 2>&1)
	peer_rc=$?
	set -e
	if [ ! -s "$peer_work/result.json" ]; then
		cat "$peer_work/jest.log" >&2
		exit 1
	fi
}

peer_report() {
	node -e '
const r = require(process.argv[1]);
for (const f of r.testResults.sort((a, b) => a.name.localeCompare(b.name))) {
  const all = f.assertionResults.length;
  const ok = f.assertionResults.filter((a) => a.status === "passed").length;
  const skipped = f.assertionResults.filter((a) => a.status === "pending").length;
  console.log(`${f.name.replace(/.*\/test\//, "")} ${ok}/${all}${skipped ? ` (${skipped} skipped by the suite)` : ""}`);
  for (const a of f.assertionResults) if (a.status === "failed") console.log(`  failed: ${a.fullName}`);
  if (f.message && !all) console.log(f.message);
}
console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed`);
' "$peer_work/result.json"
}
