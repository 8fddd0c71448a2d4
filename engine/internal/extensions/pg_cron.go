package extensions

import _ "embed"

//go:embed pg_cron.sql
var pgCronScript string

// pgCron is pg_cron (citusdata/pg_cron): jobs in cron.job that the
// scheduler `tinybase start` runs execute on their schedule.
func pgCron() *Extension {
	return &Extension{
		Name:    "pg_cron",
		Version: "1.6",
		Comment: "Job scheduler for PostgreSQL",
		// Not fixed: its objects live in schema cron, which the script
		// creates, while the extension itself goes where CREATE EXTENSION
		// says (Supabase's documented "create extension pg_cron with schema
		// extensions").
		Script: pgCronScript,
	}
}
