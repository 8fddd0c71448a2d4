// Package workers runs the background work of Supabase's extensions
// while `tinybase start` serves a project: pg_net's HTTP worker (Net),
// which performs the requests queued in net.http_request_queue and writes
// net._http_response, and pg_cron's scheduler (Cron), which runs the jobs
// in cron.job on their schedules and records cron.job_run_details.
//
// Each is a value over one engine, started by the root package's Serve
// and stopped by cancelling its context; neither runs during migration
// validation, so a migration that schedules a job or queues a request
// only writes rows. Both do nothing until their extension is installed.
// They depend on the engine façade only.
package workers
