#!/usr/bin/env bash
# clients.sh — installs the client programs the pgwire client tests drive
# (psql, pgbench, node and npm; the npm packages themselves are installed
# by the tests into a temp dir), Chromium for the dashboard's browser
# tests, Firefox ESR for the same tests in Gecko, and PostGIS for PostgreSQL 15, which the
# live conformance pass needs for functions/ext_postgis.sql. Anything still
# missing afterwards makes its test fail, never skip. Debian package names;
# needs root.
set -euo pipefail

need=()
command -v psql >/dev/null 2>&1 || need+=(postgresql-client-15)
# pgbench ships with the server package on Debian.
command -v pgbench >/dev/null 2>&1 || [ -x "$(pg_config --bindir 2>/dev/null)/pgbench" ] || need+=(postgresql-15)
command -v node >/dev/null 2>&1 || need+=(nodejs)
command -v npm >/dev/null 2>&1 || need+=(npm)
# Chromium (and a font for its text) for the dashboard's browser tests
# (package studio, driven with chromedp).
command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || command -v google-chrome >/dev/null 2>&1 || need+=(chromium)
# Firefox for the same tests in Gecko (TestFirefox, over WebDriver BiDi).
command -v firefox-esr >/dev/null 2>&1 || command -v firefox >/dev/null 2>&1 || need+=(firefox-esr)
[ -d /usr/share/fonts/truetype/liberation ] || need+=(fonts-liberation)
if command -v pg_config >/dev/null 2>&1 && [ ! -f "$(pg_config --sharedir)/extension/postgis.control" ]; then
	need+=(postgresql-15-postgis-3)
fi
if [ "${#need[@]}" -eq 0 ]; then
	exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "clients.sh: missing ${need[*]} and cannot install them here" >&2
	exit 0 # the client tests report what is missing
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
