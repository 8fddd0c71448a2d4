package extensions

import _ "embed"

//go:embed pgmq.sql
var pgmqScript string

// pgmq is pgmq (pgmq/pgmq): message queues as tables, with Supabase's
// pgmq_public wrappers.
var pgmq = &Extension{
	Name:    "pgmq",
	Version: "1.4.4",
	Comment: "A lightweight message queue. Like AWS SQS and RSMQ but on Postgres.",
	Schema:  "pgmq",
	Script:  pgmqScript,
}
