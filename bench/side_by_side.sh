# side_by_side.sh — sourced by the bench scripts that run a Go program
# against tinybase (bench/tbserve, in memory) and PostgreSQL 15 in one
# run: `side_by_side <database> <program dir> [program flags...]`
# creates <database> on PostgreSQL (from TINYBASE_PG_URL or .ci/pg.sh
# start), builds and starts tbserve on a free port (TINYBASE_BENCH_PORT
# pins it; TINYBASE_BENCH_TBSERVE runs a tbserve built elsewhere, an
# older commit's, for a before/after table), runs the program with
# -tinybase and -postgres URLs and drops the database.

side_by_side() {
	local db="$1" prog="$2"
	shift 2
	local url dburl work port
	url="${TINYBASE_PG_URL:-$(bash .ci/pg.sh start)}"
	dburl="${url/\/postgres\?/\/$db?}"
	work="$(mktemp -d)"
	# shellcheck disable=SC2064 # expanded now: the locals are gone at exit
	trap "[ -n \"\${SIDE_BY_SIDE_PID:-}\" ] && kill \"\$SIDE_BY_SIDE_PID\" 2>/dev/null; rm -rf '$work'" EXIT
	psql -qX -v ON_ERROR_STOP=1 "$url" -c "drop database if exists $db" -c "create database $db" >/dev/null
	if [ -n "${TINYBASE_BENCH_TBSERVE:-}" ]; then
		cp "$TINYBASE_BENCH_TBSERVE" "$work/tbserve"
	else
		go build -o "$work/tbserve" ./bench/tbserve
	fi
	go build -o "$work/prog" "./$prog"
	port="${TINYBASE_BENCH_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}"
	"$work/tbserve" -addr "127.0.0.1:$port" -auth trust 2>"$work/tbserve.log" &
	SIDE_BY_SIDE_PID=$!
	for _ in $(seq 50); do
		grep -q listening "$work/tbserve.log" && break
		sleep 0.1
	done
	# TINYBASE_BENCH_PID: the server's process, for a program that reads
	# its CPU per statement
	TINYBASE_BENCH_PID="$SIDE_BY_SIDE_PID" "$work/prog" -tinybase "postgres://postgres@127.0.0.1:$port/postgres?sslmode=disable" -postgres "$dburl" "$@"
	psql -qX "$url" -c "drop database $db" >/dev/null
}
