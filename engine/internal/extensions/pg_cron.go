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
		// Its objects live in schema cron, which the script creates, while
		// the control file of pg_cron 1.5+ (Supabase ships 1.6) pins the
		// extension to pg_catalog: "create extension pg_cron with schema
		// extensions", which Supabase once documented, fails there with
		// 0A000, and Supabase's docs now say "with schema pg_catalog".
		ControlSchema: "pg_catalog",
		Script:        pgCronScript,
	}
}
