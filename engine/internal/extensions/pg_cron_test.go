package extensions_test

import (
	"fmt"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestPgCronSchedules checks schedule validation against pg_cron's
// (Vixie cron's) grammar: five fields with ranges, steps, lists and
// names, `$` for the last day, @macros, and '<1-59> seconds'.
func TestPgCronSchedules(t *testing.T) {
	s := installed(t, "pg_cron")
	valid := map[string]bool{
		"* * * * *": true, "*/5 * * * *": true, "0 0 * * 1-5": true, "0 0 1 jan,JUL sun": true,
		"30 9 $ * *": true, "0-59/15 0-23/2 1-31 1-12 0-7": true, "*5 * * * *": true, "5; * * * * x": true,
		"@hourly": true, "@daily": true, "@midnight": true, "@weekly": true, "@monthly": true, "@yearly": true,
		"@annually": true, "@reboot": true, "1 second": true, "10 seconds": true, " 59 SECONDS ": true,
		"5-64/30 * * * *": false, "1/20 * * * *": false, "* * * *": false, "@foo": false, "@HOURLY": false,
		"60 seconds": false, "0 seconds": false, "0 0 1 13 *": false, "0 24 * * *": false, "1-5/0 * * * *": false,
		"a b c d e": false, "": false, "10secondss": false, "0 0 0 * *": false, "* * * * 8": false, "1, * * * *": false,
		"99999999999999999999 * * * *": false, "*/60 * * * *": false, "0 0 $x * *": false,
	}
	var cases []sqlCase
	for spec, ok := range valid {
		c := sqlCase{name: fmt.Sprintf("%q", spec), sql: fmt.Sprintf("select cron.schedule('%s', 'select 1') > 0", spec), want: "t"}
		if !ok {
			c.want, c.code, c.msg = "", "22023", "invalid schedule: "+spec
		}
		cases = append(cases, c)
	}
	run(t, s, cases)
}

// TestPgCronJobs checks the job functions and their errors.
func TestPgCronJobs(t *testing.T) {
	s := installed(t, "pg_cron")
	run(t, s, []sqlCase{
		{name: "named", sql: `select cron.schedule('nightly', '0 3 * * *', 'select 1')`, want: "1"},
		{name: "named again replaces", sql: `select cron.schedule('nightly', '0 4 * * *', 'select 2')`, want: "1"},
		{name: "unnamed", sql: `select cron.schedule('*/5 * * * *', 'vacuum')`, want: "2"},
		{name: "in database", sql: `select cron.schedule_in_database('j', '1 second', 'select 3', current_database(), active := false)`, want: "3"},
		{name: "job table", sql: `select jobid, schedule, command, nodename, database = current_database(), username, active, jobname from cron.job order by jobid`,
			want: "1|0 4 * * *|select 2|localhost|t|postgres|t|nightly\n2|*/5 * * * *|vacuum|localhost|t|postgres|t|<null>\n3|1 second|select 3|localhost|t|postgres|f|j"},
		{name: "alter", sql: `select cron.alter_job(2, schedule := '@hourly', active := false); select schedule, active from cron.job where jobid = 2`, want: "@hourly|f"},
		{name: "alter nothing", sql: `select cron.alter_job(2)`, code: "XX000", msg: "no updates specified"},
		{name: "alter missing", sql: `select cron.alter_job(99, command := 'x')`, code: "XX000", msg: "Job 99 does not exist or you don't own it"},
		{name: "alter bad schedule", sql: `select cron.alter_job(2, schedule := '* *')`, code: "22023", msg: "invalid schedule: * *"},
		{name: "unschedule by name", sql: `select cron.unschedule('nightly')`, want: "t"},
		{name: "unschedule by id", sql: `select cron.unschedule(2::bigint)`, want: "t"},
		{name: "unschedule missing id", sql: `select cron.unschedule(99::bigint)`, code: "XX000", msg: "could not find valid entry for job 99"},
		{name: "unschedule missing name", sql: `select cron.unschedule('nope')`, code: "XX000", msg: "could not find valid entry for job 'nope'"},
		{name: "null schedule", sql: `select cron.schedule(null, 'x')`, code: "XX000", msg: "schedule can not be NULL"},
		{name: "null command", sql: `select cron.schedule('n', '* * * * *', null)`, code: "XX000", msg: "command can not be NULL"},
		{name: "null job name", sql: `select cron.schedule(null, '* * * * *', 'x')`, code: "XX000", msg: "job_name can not be NULL"},
		{name: "unknown database", sql: `select cron.schedule_in_database('k', '* * * * *', 'x', 'nodb')`, code: "3D000", msg: `database "nodb" does not exist`},
		{name: "unknown role", sql: `select cron.schedule_in_database('k', '* * * * *', 'x', current_database(), 'nobody')`, code: "XX000", msg: `role "nobody" does not exist`},
		{name: "huge schedule", sql: `select cron.schedule(repeat('1,', 100000) || '1 * * * *', 'x') > 0`, want: "t"},
		{name: "anon has no cron schema", sql: `set role anon; select count(*) from cron.job`, code: "42501", msg: "permission denied for schema cron"},
		{name: "run details readable", sql: `reset role; select count(*) from cron.job_run_details`, want: "0"},
	})
}

// TestPgCronInPgCatalog checks the form `supabase db diff` writes, CREATE
// EXTENSION pg_cron WITH SCHEMA pg_catalog, and that DROP EXTENSION takes
// the cron schema with its jobs (schemas go after what they hold).
func TestPgCronInPgCatalog(t *testing.T) {
	s := engineTarget(enginetest.Session(t, enginetest.Migrated(t)))
	run(t, []target{s}, []sqlCase{
		{name: "create", sql: `create extension if not exists "pg_cron" with schema "pg_catalog"; select extnamespace::regnamespace from pg_extension where extname = 'pg_cron'`, want: "pg_catalog"},
		{name: "schedule", sql: `select cron.schedule('j', '* * * * *', 'select 1')`, want: "1"},
		{name: "drop", sql: `drop extension pg_cron; select count(*) from pg_namespace where nspname = 'cron'`, want: "0"},
		{name: "again", sql: `create extension pg_cron with schema pg_catalog; select count(*) from cron.job`, want: "0"},
	})
}
