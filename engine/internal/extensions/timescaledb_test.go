package extensions_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestTimescaleDBCreateHypertable checks create_hypertable's checks,
// catalog rows, NOT NULL and default index, as TimescaleDB 2.16 (Apache
// edition) has them.
func TestTimescaleDBCreateHypertable(t *testing.T) {
	s := installed(t, "timescaledb")
	run(t, s, []sqlCase{
		{name: "plain", sql: `create table public.t (time timestamptz, v int);
			select * from extensions.create_hypertable('public.t', 'time', chunk_time_interval => interval '7 days')`, want: "1|public|t|t"},
		{name: "not null set", sql: `select attnotnull from pg_attribute where attrelid = 'public.t'::regclass and attname = 'time'`, want: "t"},
		{name: "default index", sql: `select indexname, indexdef like '%(%time% DESC)' from pg_indexes where tablename = 't'`,
			want: "t_time_idx|t"},
		{name: "again", sql: `select extensions.create_hypertable('public.t', 'time')`, code: "TS110", msg: `table "t" is already a hypertable`},
		{name: "if not exists", sql: `select extensions.create_hypertable('public.t', 'time', if_not_exists => true)`, want: "(1,public,t,f)"},
		{name: "information", sql: `select hypertable_schema, hypertable_name, owner, num_dimensions, num_chunks, compression_enabled, tablespaces from timescaledb_information.hypertables`,
			want: "public|t|postgres|1|0|f|<null>"},
		{name: "dimensions", sql: `select hypertable_name, dimension_number, column_name, column_type, dimension_type, time_interval, integer_interval, num_partitions from timescaledb_information.dimensions`,
			want: "t|1|time|timestamp with time zone|Time|7 days|<null>|<null>"},
		{name: "catalog", sql: `select id, schema_name, table_name, associated_schema_name, associated_table_prefix, num_dimensions, chunk_sizing_func_name from _timescaledb_catalog.hypertable`,
			want: "1|public|t|_timescaledb_internal|_hyper_1|1|calculate_chunk_interval"},
		{name: "unique without time", sql: `create table public.u (id int primary key, time timestamptz not null);
			select extensions.create_hypertable('public.u', 'time')`, code: "TS103", msg: `cannot create a unique index without the column "time" (used in partitioning)`},
		{name: "unique failure left nothing", sql: `select count(*) from _timescaledb_catalog.hypertable`, want: "1"},
		{name: "pk with time", sql: `create table public.k (time timestamptz not null, v int, primary key (v, time));
			select created from extensions.create_hypertable('public.k', 'time'); select indexname from pg_indexes where tablename = 'k' order by 1`,
			want: "k_pkey\nk_time_idx"},
		{name: "not empty", sql: `create table public.w (time timestamptz not null, v int); insert into public.w values (now(), 1);
			select extensions.create_hypertable('public.w', 'time')`, code: "0A000", msg: `table "w" is not empty`},
		{name: "migrate", sql: `select created from extensions.create_hypertable('public.w', 'time', migrate_data => true)`, want: "t"},
		{name: "missing column", sql: `create table public.m (time timestamptz, s text, i int, b bigint);
			select extensions.create_hypertable('public.m', 'nope')`, code: "42703", msg: `column "nope" does not exist`},
		{name: "text column", sql: `select extensions.create_hypertable('public.m', 's')`, code: "42809", msg: `invalid type for dimension "s"`},
		{name: "null relation", sql: `select extensions.create_hypertable(null, 'time')`, code: "22023", msg: "relation cannot be NULL"},
		{name: "null column", sql: `select extensions.create_hypertable('public.m', null)`, code: "22023", msg: "partition column cannot be NULL"},
		{name: "no relation", sql: `select extensions.create_hypertable('public.nosuch', 'time')`, code: "42P01", msg: `relation "public.nosuch" does not exist`},
		{name: "zero interval", sql: `select extensions.create_hypertable('public.m', 'time', chunk_time_interval => 0)`, code: "22023", msg: "invalid interval: must be between 1 and 9223372036854775807"},
		{name: "negative int interval", sql: `select extensions.create_hypertable('public.m', 'i', chunk_time_interval => -5)`, code: "22023", msg: "invalid interval: must be between 1 and 2147483647"},
		{name: "interval for int", sql: `select extensions.create_hypertable('public.m', 'b', chunk_time_interval => interval '1 day')`, code: "22023", msg: "invalid interval type for bigint dimension"},
		{name: "text interval", sql: `select extensions.create_hypertable('public.m', 'time', chunk_time_interval => 'x'::text)`, code: "22023", msg: "invalid interval type for timestamp with time zone dimension"},
		{name: "int default interval", sql: `select created from extensions.create_hypertable('public.m', 'i', create_default_indexes => false);
			select integer_interval, time_interval from timescaledb_information.dimensions where hypertable_name = 'm'`, want: "100000|<null>"},
		{name: "no default index", sql: `select count(*) from pg_indexes where tablename = 'm'`, want: "0"},
		{name: "view", sql: `create view public.vv as select 1 as time; select extensions.create_hypertable('public.vv', 'time')`, code: "42809", msg: "invalid relation type"},
		{name: "by_range", sql: `create table public.r (time date, v int);
			select * from extensions.create_hypertable('public.r', extensions.by_range('time', interval '2 days'))`, want: "6|t"},
		{name: "by_range interval", sql: `select time_interval from timescaledb_information.dimensions where hypertable_name = 'r'`, want: "2 days"},
		{name: "by_hash", sql: `create table public.h (time date, v int); select extensions.create_hypertable('public.h', extensions.by_hash('v', 2))`,
			code: "XX000", msg: "cannot partition using a closed dimension on primary column"},
		{name: "space dimension", sql: `create table public.sp (time timestamptz not null, dev int not null);
			select created from extensions.create_hypertable('public.sp', 'time', 'dev', 4);
			select dimension_number, column_name, dimension_type, num_partitions from timescaledb_information.dimensions where hypertable_name = 'sp' order by 1`,
			want: "1|time|Time|<null>\n2|dev|Space|4"},
		{name: "space indexes", sql: `select indexname from pg_indexes where tablename = 'sp' order by 1`, want: "sp_dev_time_idx\nsp_time_idx"},
		{name: "set interval", sql: `select extensions.set_chunk_time_interval('public.t', interval '1 day');
			select time_interval from timescaledb_information.dimensions where hypertable_name = 't'`, want: "1 day"},
		{name: "set interval null", sql: `select extensions.set_chunk_time_interval('public.t', null::bigint)`, code: "22023", msg: "an explicit interval must be specified"},
		{name: "set interval not hypertable", sql: `create table public.nh (t timestamptz); select extensions.set_chunk_time_interval('public.nh', interval '1 day')`,
			code: "TS001", msg: `"nh" is not a hypertable or a continuous aggregate`},
		{name: "show chunks", sql: `select count(*) from extensions.show_chunks('public.t')`, want: "0"},
		{name: "drop chunks", sql: `select count(*) from extensions.drop_chunks('public.t', interval '1 day')`, want: "0"},
		{name: "drop chunks no range", sql: `select extensions.drop_chunks('public.t')`, code: "22023", msg: "invalid time range for dropping chunks"},
		{name: "sizes", sql: `select extensions.hypertable_size('public.t') >= 0, (select count(*) from extensions.hypertable_detailed_size('public.nh'))`, want: "t|0"},
		{name: "mixed case", sql: `create table public.g ("Time" timestamptz, v int); select created from extensions.create_hypertable('public.g', 'Time');
			select indexname from pg_indexes where tablename = 'g'`, want: "g_Time_idx"},
		{name: "schema dropped and made again", sql: `create schema ev; create table ev.log (time timestamptz not null);
			select created from extensions.create_hypertable('ev.log', 'time'); drop schema ev cascade;
			create schema ev; create table ev.log (time timestamptz not null);
			select created from extensions.create_hypertable('ev.log', 'time')`, want: "t"},
		{name: "not owner", sql: `create table public.theirs (time timestamptz not null); grant all on public.theirs to authenticated;
			grant usage on schema extensions to authenticated; set role authenticated; select extensions.create_hypertable('public.theirs', 'time')`,
			code: "42501", msg: `must be owner of hypertable "theirs"`},
		{name: "dropped table leaves the views", sql: `reset role; drop table public.w; select string_agg(hypertable_name, ',' order by hypertable_name) from timescaledb_information.hypertables`,
			want: "g,k,log,m,r,sp,t"},
		{name: "others drop their tables", sql: `create role ts_app login; create table public.app (time timestamptz not null);
			alter table public.app owner to ts_app; set role ts_app; drop table public.app; reset role; select to_regclass('public.app') is null`, want: "t"},
	})
}

// TestTimescaleDBTimeBucket checks time_bucket's overloads against values
// recorded from TimescaleDB 2.16.
func TestTimescaleDBTimeBucket(t *testing.T) {
	s := installed(t, "timescaledb")
	run(t, s, []sqlCase{
		{name: "hour", sql: `set timezone = 'UTC'; select extensions.time_bucket(interval '1 hour', timestamptz '2024-01-02 03:04:05+00')`, want: "2024-01-02 03:00:00+00"},
		{name: "week from monday", sql: `select extensions.time_bucket(interval '1 week', date '2024-01-10'), extensions.time_bucket(interval '1 week', timestamptz '2024-01-10 05:00+00')`,
			want: "2024-01-08|2024-01-08 00:00:00+00"},
		{name: "month", sql: `select extensions.time_bucket(interval '1 month', timestamptz '2024-05-10 05:00+00'), extensions.time_bucket(interval '1 month', date '2024-03-15')`,
			want: "2024-05-01 00:00:00+00|2024-03-01"},
		{name: "quarter", sql: `select extensions.time_bucket(interval '3 months', date '2024-05-15')`, want: "2024-04-01"},
		{name: "month with days", sql: `select extensions.time_bucket(interval '1 month 1 day', timestamptz '2024-05-10 05:00+00')`, code: "0A000", msg: "month intervals cannot have day or time component"},
		{name: "zero", sql: `select extensions.time_bucket(interval '0 hour', now())`, code: "22023", msg: "period must be greater than 0"},
		{name: "negative", sql: `select extensions.time_bucket(interval '-1 hour', now())`, code: "22023", msg: "period must be greater than 0"},
		{name: "origin", sql: `select extensions.time_bucket(interval '1 hour', timestamp '2024-01-02 03:04:05', origin => timestamp '2024-01-01 00:30:00')`, want: "2024-01-02 02:30:00"},
		{name: "offset", sql: `select extensions.time_bucket(interval '1 hour', timestamp '2024-01-02 03:04:05', "offset" => interval '15 min')`, want: "2024-01-02 02:15:00"},
		{name: "timezone", sql: `select extensions.time_bucket(interval '1 day', timestamptz '2024-01-02 03:04:05+00', 'Europe/Berlin')`, want: "2024-01-01 23:00:00+00"},
		{name: "timezone origin", sql: `select extensions.time_bucket(interval '1 day', timestamptz '2024-01-02 03:04:05+00', 'Europe/Berlin', origin => timestamptz '2024-01-01 06:00+00')`,
			want: "2024-01-01 06:00:00+00"},
		{name: "nulls", sql: `select extensions.time_bucket(null::interval, now()), extensions.time_bucket(interval '1 day', null::timestamptz), extensions.time_bucket(interval '1 day', now(), null::text)`,
			want: "<null>|<null>|<null>"},
		{name: "integers", sql: `select extensions.time_bucket(5, 12), extensions.time_bucket(5::smallint, -12::smallint), extensions.time_bucket(5::bigint, -12::bigint, 2::bigint), extensions.time_bucket(5, 12, "offset" => 1)`,
			want: "10|-15|-13|11"},
		{name: "int zero", sql: `select extensions.time_bucket(0, 12)`, code: "22023", msg: "period must be greater than 0"},
		{name: "int overflow", sql: `select extensions.time_bucket(10::smallint, (-32768)::smallint)`, code: "22003", msg: "timestamp out of range"},
		{name: "infinity", sql: `select extensions.time_bucket(interval '1 day', 'infinity'::timestamptz), extensions.time_bucket(interval '1 day', '-infinity'::date)`, want: "infinity|-infinity"},
		{name: "date sub-day", sql: `select extensions.time_bucket(interval '12 hours', date '2024-01-01')`, code: "0A000", msg: "interval must not have sub-day precision"},
		{name: "date not whole days", sql: `select extensions.time_bucket(interval '36 hours', date '2024-01-01')`, code: "0A000", msg: "interval must be a multiple of a day"},
		{name: "before 2000", sql: `select extensions.time_bucket(interval '1 week', timestamp '1999-12-29 10:00')`, want: "1999-12-27 00:00:00"},
		{name: "group by", sql: `create table public.ev (time timestamptz not null, n int);
			insert into public.ev values ('2024-01-01 00:10+00', 1), ('2024-01-01 00:50+00', 2), ('2024-01-01 01:05+00', 3);
			select extensions.time_bucket(interval '1 hour', time) as bucket, sum(n) from public.ev group by bucket order by bucket`,
			want: "2024-01-01 00:00:00+00|3\n2024-01-01 01:00:00+00|3"},
	})
}

// TestTimescaleDBLicense checks that the Timescale License features fail
// as the Apache edition's do.
func TestTimescaleDBLicense(t *testing.T) {
	s := installed(t, "timescaledb")
	const hint = `is not supported under the current "apache" license`
	run(t, s, []sqlCase{
		{name: "retention", sql: `create table public.t (time timestamptz not null); select extensions.add_retention_policy('public.t', interval '7 days')`,
			code: "0A000", msg: `function "add_retention_policy" ` + hint},
		{name: "compression", sql: `select extensions.add_compression_policy('public.t', interval '7 days')`, code: "0A000", msg: `function "add_compression_policy" ` + hint},
		{name: "gapfill", sql: `select extensions.time_bucket_gapfill(interval '1 day', now())`, code: "0A000", msg: `function "time_bucket_gapfill" ` + hint},
		{name: "job", sql: `select extensions.add_job('now'::regproc, interval '1 day')`, code: "0A000", msg: `function "add_job" ` + hint},
		{name: "run job", sql: `call extensions.run_job(1)`, code: "0A000", msg: `function "run_job" ` + hint},
		{name: "refresh", sql: `call extensions.refresh_continuous_aggregate('public.t', null, null)`, code: "0A000", msg: `function "refresh_continuous_aggregate" ` + hint},
	})
}

// TestTimescaleDBDurable checks that a hypertable and the extension come
// back after a reopen.
func TestTimescaleDBDurable(t *testing.T) {
	s := enginetest.Reopened(t, `create extension timescaledb with schema extensions;
		create table public.t (time timestamptz, v int);
		select extensions.create_hypertable('public.t', 'time')`,
		`insert into public.t values ('2024-01-01 00:10+00', 1)`)
	res := enginetest.Exec(t, s, `select hypertable_name, (select count(*) from public.t), extensions.time_bucket(interval '1 day', timestamptz '2024-01-01 10:00+00') from timescaledb_information.hypertables;
		select indexname from pg_indexes where tablename = 't'`)
	if got, want := enginetest.LastRows(res[:1]), "t|1|2024-01-01 00:00:00+00"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
	if got, want := enginetest.LastRows(res), "t_time_idx"; got != want {
		t.Errorf("index after reopening: got %q, want %q", got, want)
	}
	if _, err := s.Exec(context.Background(), `select extensions.create_hypertable('public.t', 'time')`); err == nil {
		t.Error("hypertable forgotten after reopening")
	}
}

// TestTimescaleDBHostile checks that extreme and malformed arguments end
// in a PostgreSQL error or a value, never a panic.
func TestTimescaleDBHostile(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t))
	enginetest.Exec(t, s, `create extension timescaledb with schema extensions; set search_path = public, extensions`)
	for _, q := range []string{
		`select time_bucket(interval '100000000 days', timestamp '294276-12-31')`,
		`select time_bucket(interval '1 microsecond', timestamptz '4713-11-24 BC')`,
		`select time_bucket(interval '1 day', timestamp '2000-01-01', origin => timestamp '294276-12-31')`,
		`select time_bucket(interval '178000000 years', date '2000-01-01')`,
		`select time_bucket(interval '2147483647 months', date '5874897-12-31')`,
		`select time_bucket(9223372036854775807, -9223372036854775808)`,
		`select time_bucket(9223372036854775807, 9223372036854775807, -9223372036854775808)`,
		`select time_bucket(interval '1 day', now(), 'no/such_zone')`,
		`select time_bucket(interval '1 day', date '2024-01-01', "offset" => interval '-100000 years')`,
		`select create_hypertable('pg_class', 'relname')`,
		`select create_hypertable('extensions.time_bucket', 'x')`,
		`select create_hypertable(0::regclass, 'time')`,
		`select create_hypertable('t', by_range(null))`,
		`select create_hypertable('t', null::_timescaledb_internal.dimension_info)`,
		`select set_chunk_time_interval(null, 5)`,
		`select drop_chunks(null, 5)`,
		`select show_chunks(null)`,
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", q, r)
				}
			}()
			if _, err := s.Exec(context.Background(), q); err != nil {
				if msg := err.Error(); !strings.Contains(msg, "(SQLSTATE ") || strings.Contains(msg, "SQLSTATE XX000") {
					t.Errorf("%s: %v", q, err)
				}
			}
		}()
	}
}
