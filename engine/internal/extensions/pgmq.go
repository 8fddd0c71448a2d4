package extensions

import _ "embed"

//go:embed pgmq.sql
var pgmqScript string

//go:embed pgmq_145.sql
var pgmq145Script string

//go:embed pgmq_150.sql
var pgmq150Script string

//go:embed pgmq_151.sql
var pgmq151Script string

//go:embed pgmq_public.sql
var pgmqPublicScript string

// pgmq is pgmq (pgmq/pgmq): message queues as tables. Supabase installs
// 1.5.1 and still offers 1.4.4; pgmq.sql is 1.4.4 and the update scripts
// lead from it to 1.5.1 through 1.4.5 and 1.5.0, as pgmq's own do, so a
// new install and an updated one are the same objects.
//
// On Supabase, pgmq_public (the wrappers supabase-js reaches with
// schema('pgmq_public').rpc('send', ...)) is made by Studio's "Expose
// Queues via PostgREST" switch, not by the extension. tinybase has no
// such switch, so it makes them when pgmq is created, as what Supabase
// runs after it (AfterCreate): ordinary functions, not pgmq's members, so
// a dump that drops or replaces them applies as on Supabase.
func pgmq() *Extension {
	return &Extension{
		Name:          "pgmq",
		Version:       "1.5.1",
		ScriptVersion: "1.4.4",
		Comment:       "A lightweight message queue. Like AWS SQS and RSMQ but on Postgres.",
		Schema:        "pgmq",
		Script:        pgmqScript,
		AfterCreate:   pgmqPublicScript,
		Updates: []Update{
			{From: "1.4.4", To: "1.4.5", Script: pgmq145Script},
			{From: "1.4.5", To: "1.5.0", Script: pgmq150Script},
			{From: "1.5.0", To: "1.5.1", Script: pgmq151Script},
		},
	}
}
