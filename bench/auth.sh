#!/usr/bin/env bash
# Auth benchmark (issue 9): POST /token?grant_type=password at bcrypt cost
# 10 and at cost 4 (the work besides bcrypt), bcrypt alone at cost 10,
# POST /token?grant_type=refresh_token with rotation, and GET /user.
# Each reports wall ns/op, cpu-ms/op (process CPU time, which a loaded
# machine distorts less) and allocs/op.
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./auth -run '^$' -bench 'SignInPassword|BcryptCompare|Refresh|GetUser' -benchmem -benchtime "${BENCHTIME:-200x}" -count "${COUNT:-3}"
