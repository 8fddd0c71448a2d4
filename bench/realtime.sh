#!/usr/bin/env bash
# Realtime benchmark (issue 24): one-row INSERTs over the wire (pgx, one
# connection, autocommit) with no subscriber and with 100 websocket
# subscribers to the table's postgres_changes; and the latency from
# issuing an INSERT to each of 100 subscribers receiving it (p50/p99 over
# every delivery). Subscribers are in the benchmark's process, so their
# reads compete with the server for the same cores: on a loaded machine
# that, not the commit path, dominates the with-subscribers numbers.
set -euo pipefail
cd "$(dirname "$0")/.."
go test ./realtime -run '^$' -bench 'InsertWire|DeliveryLatency' -benchtime "${BENCHTIME:-500x}" -count "${COUNT:-3}"
