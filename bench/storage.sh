#!/usr/bin/env bash
# Storage benchmark (issue 23): through storage-js (supabase-js, installed
# from npm by the test into a temp dir), upload + download of a 1 MiB
# object against a PostgREST insert + select round trip of the same
# client (target: at most 1.5x), then 100 concurrent 64 KiB uploads
# (target: no errors), against a served in-memory project.
set -euo pipefail
cd "$(dirname "$0")/.."
go test -tags e2e ./storageapi -run TestStorageBench -count=1 -v | grep -E 'storage|rest|ratio|concurrent|listed|PASS|FAIL|ok'
