#!/usr/bin/env bash
# pg.sh start|stop|url — a private PostgreSQL for the conformance recorder.
#
# start: creates (once) a cluster under $TINYBASE_PG_DIR (default
#        ${TMPDIR:-/tmp}/tinybase-pg-<port>), starts it on 127.0.0.1:<port>
#        and prints its URL. Idempotent: if it already runs, only prints.
#        wal_level=logical, so `tinybase start --db-url` can follow the
#        supabase_realtime publication by logical replication. pg_cron is
#        preloaded when installed (bench/projects needs it).
# stop:  stops the cluster started by start.
# url:   prints the URL without starting anything.
#
# The port is $TINYBASE_PG_PORT (default 54329). Binaries come from
# `pg_config --bindir`. When run as root the cluster belongs to the
# `postgres` OS user, since PostgreSQL refuses to run as root.
set -euo pipefail

port="${TINYBASE_PG_PORT:-54329}"
dir="${TINYBASE_PG_DIR:-${TMPDIR:-/tmp}/tinybase-pg-${port}}"
url="postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable"

bindir="$(pg_config --bindir)"

# as runs a command as the cluster owner.
as() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

running() {
	[ -f "${dir}/data/postmaster.pid" ] && as "${bindir}/pg_ctl" -D "${dir}/data" status >/dev/null 2>&1
}

locale_flag() {
	if locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$'; then
		echo "--locale=C.UTF-8"
	else
		echo "--no-locale"
	fi
}

start() {
	if running; then
		echo "${url}"
		return
	fi
	mkdir -p "${dir}"
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres: "${dir}"
	fi
	if [ ! -f "${dir}/data/PG_VERSION" ]; then
		as "${bindir}/initdb" -D "${dir}/data" --auth=trust -U postgres \
			--encoding=UTF8 "$(locale_flag)" >"${dir}/initdb.log" 2>&1 || {
			cat "${dir}/initdb.log" >&2
			exit 1
		}
	fi
	# The libraries Supabase preloads are preloaded here too when
	# installed (pg_stat_statements keeps its statistics in shared memory,
	# pg_cron and pg_net start background workers, pg_tle, timescaledb and
	# plpgsql_check refuse CREATE EXTENSION or install hooks unless loaded
	# at start); pg_cron points at the database bench/projects creates, so
	# that oracle judges the files after a `create extension pg_cron`.
	# pgsodium and supabase_vault read their root key at preload, from the
	# pgsodium_getkey script beside the extensions, so they are preloaded
	# only when that script exists.
	local extra="" preload=""
	for lib in pg_stat_statements plpgsql_check pg_cron pg_net timescaledb pg_tle; do
		[ -f "$(pg_config --pkglibdir)/${lib}.so" ] && preload="${preload:+${preload},}${lib}"
	done
	if [ -x "$(pg_config --sharedir)/extension/pgsodium_getkey" ]; then
		for lib in pgsodium supabase_vault; do
			[ -f "$(pg_config --pkglibdir)/${lib}.so" ] && preload="${preload:+${preload},}${lib}"
		done
	fi
	if [ -n "${preload}" ]; then
		extra="-c shared_preload_libraries=${preload} -c cron.database_name=tinybase_projects"
	fi
	as "${bindir}/pg_ctl" -D "${dir}/data" -l "${dir}/server.log" -w -t 60 \
		-o "-h 127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c timezone=UTC -c datestyle='ISO, MDY' -c wal_level=logical ${extra}" \
		start >/dev/null || {
		cat "${dir}/server.log" >&2
		exit 1
	}
	for _ in $(seq 1 60); do
		if "${bindir}/pg_isready" -q -h 127.0.0.1 -p "${port}" -U postgres; then
			echo "${url}"
			return
		fi
		sleep 0.5
	done
	echo "pg.sh: postgres did not become ready on port ${port}" >&2
	exit 1
}

stop() {
	if running; then
		as "${bindir}/pg_ctl" -D "${dir}/data" -m fast -w stop >/dev/null
	fi
}

case "${1:-}" in
start) start ;;
stop) stop ;;
url) echo "${url}" ;;
*)
	echo "usage: $0 start|stop|url" >&2
	exit 2
	;;
esac
