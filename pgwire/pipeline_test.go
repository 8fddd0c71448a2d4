package pgwire

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
)

// pipelineCase is one extended-protocol pipeline: setup runs first as
// simple queries, then the messages are sent at once, then check runs
// as simple queries. The transcript of the messages and check answers
// is compared with PostgreSQL 15's (testdata/pipeline.golden).
type pipelineCase struct {
	name  string
	setup string
	msgs  []pgproto3.FrontendMessage
	check []string
}

// ex is one unnamed Parse/Bind/Execute of sql, as a driver's batch sends
// each statement.
func ex(sql string) []pgproto3.FrontendMessage {
	return []pgproto3.FrontendMessage{&pgproto3.Parse{Query: sql}, &pgproto3.Bind{}, &pgproto3.Execute{}}
}

// pipe concatenates message groups.
func pipe(groups ...[]pgproto3.FrontendMessage) []pgproto3.FrontendMessage {
	var out []pgproto3.FrontendMessage
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

var (
	syncMsg  = []pgproto3.FrontendMessage{&pgproto3.Sync{}}
	flushMsg = []pgproto3.FrontendMessage{&pgproto3.Flush{}}
	descMsg  = []pgproto3.FrontendMessage{&pgproto3.Describe{ObjectType: 'P'}}
)

const pipeTable = "drop table if exists pt; create table pt (a int)"

// failing fails when it runs, not when it is planned: PostgreSQL folds
// 1/0 at Bind.
const failing = "select 1/(select 0)"

var pipelineCases = []pipelineCase{
	{name: "writes commit at sync", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("insert into pt values (2)"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "error rolls back earlier writes", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex(failing), ex("insert into pt values (2)"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "parse error rolls back earlier writes", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("selec 1"), ex("insert into pt values (2)"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "bind error rolls back earlier writes", setup: pipeTable,
		msgs: pipe(ex("insert into pt values (1)"),
			[]pgproto3.FrontendMessage{&pgproto3.Parse{Query: "insert into pt values ($1::int)"}, &pgproto3.Bind{Parameters: [][]byte{[]byte("x")}}, &pgproto3.Execute{}},
			syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "second sync starts a new transaction", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), syncMsg, ex("insert into pt values (2)"), ex(failing), syncMsg, ex("insert into pt values (3)"), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "flush and describe do not end the transaction", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), flushMsg, []pgproto3.FrontendMessage{&pgproto3.Parse{Query: failing}, &pgproto3.Bind{}}, descMsg, []pgproto3.FrontendMessage{&pgproto3.Execute{}}, syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "begin inside the pipeline", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("begin"), ex("insert into pt values (2)"), syncMsg, ex("insert into pt values (3)"), syncMsg, ex(failing), syncMsg, ex("select 1"), syncMsg),
		check: []string{"rollback", "select count(*) from pt"}},
	{name: "begin and commit inside the pipeline", setup: pipeTable,
		msgs:  pipe(ex("begin"), ex("insert into pt values (1)"), ex("commit"), ex("insert into pt values (2)"), ex(failing), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "commit without begin", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("commit"), ex("insert into pt values (2)"), ex(failing), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "rollback without begin", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("rollback"), ex("insert into pt values (2)"), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "begin then rollback", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("begin"), ex("insert into pt values (2)"), ex("rollback"), ex("insert into pt values (3)"), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "error inside an explicit block", setup: pipeTable + "; begin",
		msgs:  pipe(ex("insert into pt values (1)"), ex(failing), ex("insert into pt values (2)"), syncMsg, ex("select 1"), syncMsg, ex("rollback"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "failed block stays failed", setup: pipeTable + "; begin; select 1/0",
		msgs:  pipe(ex("select 1"), syncMsg, ex("commit"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "now is one per pipeline", setup: "drop table if exists pts; create table pts (n timestamptz, c timestamptz)",
		msgs:  pipe(ex("insert into pts select now(), clock_timestamp()"), ex("select pg_sleep(0.02)"), ex("insert into pts select transaction_timestamp(), clock_timestamp()"), syncMsg),
		check: []string{"select count(distinct n), count(distinct c) from pts"}},
	{name: "now moves at sync", setup: "drop table if exists pts; create table pts (n timestamptz, c timestamptz)",
		msgs:  pipe(ex("insert into pts select now(), clock_timestamp()"), syncMsg, ex("select pg_sleep(0.02)"), ex("insert into pts select now(), clock_timestamp()"), syncMsg),
		check: []string{"select count(distinct n), count(distinct c) from pts"}},
	{name: "set local lasts until sync",
		msgs:  pipe(ex("set local work_mem = '1234kB'"), ex("show work_mem"), ex("select current_setting('work_mem')"), syncMsg, ex("show work_mem"), syncMsg),
		check: []string{"show work_mem"}},
	{name: "set_config local lasts until sync",
		msgs:  pipe(ex("select set_config('my.v', 'x', true)"), ex("select current_setting('my.v')"), syncMsg, ex("select current_setting('my.v', true)"), syncMsg),
		check: []string{"select current_setting('my.v', true)"}},
	{name: "set in a failed pipeline is undone",
		msgs:  pipe(ex("set work_mem = '2345kB'"), ex(failing), syncMsg),
		check: []string{"show work_mem"}},
	{name: "deferred constraint checked at sync", setup: "drop table if exists pd; create table pd (id int, a int unique deferrable initially deferred)",
		msgs:  pipe(ex("insert into pd values (1, 1)"), ex("insert into pd values (2, 1)"), ex("select count(*) from pd"), syncMsg),
		check: []string{"select count(*) from pd"}},
	{name: "deferred constraint satisfied by sync", setup: "drop table if exists pd; create table pd (id int, a int unique deferrable initially deferred)",
		msgs:  pipe(ex("insert into pd values (1, 1)"), ex("insert into pd values (2, 1)"), ex("delete from pd where id = 2"), syncMsg),
		check: []string{"select count(*) from pd"}},
	{name: "savepoint outside a block", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("savepoint s"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "lock table outside a block", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("lock table pt"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "vacuum alone",
		msgs: pipe(ex("vacuum"), syncMsg)},
	{name: "vacuum first", setup: pipeTable,
		msgs:  pipe(ex("vacuum pt"), ex("insert into pt values (1)"), ex(failing), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "vacuum after a statement", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("vacuum pt"), ex("insert into pt values (2)"), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "create index concurrently after a statement", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), ex("create index concurrently pt_a on pt (a)"), syncMsg),
		check: []string{"select count(*) from pt", "select count(*) from pg_indexes where indexname = 'pt_a'"}},
	{name: "create index concurrently alone", setup: pipeTable,
		msgs:  pipe(ex("create index concurrently pt_a on pt (a)"), syncMsg),
		check: []string{"select count(*) from pg_indexes where indexname = 'pt_a'"}},
	{name: "alter system after a statement",
		msgs: pipe(ex("select 1"), ex("alter system set work_mem = '5MB'"), syncMsg)},
	{name: "create database after a statement",
		msgs: pipe(ex("select 1"), ex("create database pipeline_db"), syncMsg)},
	{name: "notifications after the commit", setup: "listen pc",
		msgs:  pipe(ex("notify pc, 'one'"), ex("select 1"), ex("notify pc, 'two'"), syncMsg),
		check: []string{"select 1"}},
	{name: "no notifications after a rollback", setup: "listen pc",
		msgs:  pipe(ex("notify pc, 'one'"), ex(failing), syncMsg),
		check: []string{"select 1"}},
	{name: "copy out in a pipeline", setup: pipeTable + "; insert into pt values (7)",
		msgs:  pipe(ex("insert into pt values (8)"), ex("copy pt to stdout"), ex(failing), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "copy in in a pipeline", setup: pipeTable,
		msgs: pipe(ex("insert into pt values (1)"), ex("copy pt from stdin"),
			[]pgproto3.FrontendMessage{&pgproto3.CopyData{Data: []byte("2\n3\n")}, &pgproto3.CopyDone{}},
			ex("select count(*) from pt"), ex(failing), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "copy in then sync commits", setup: pipeTable,
		msgs: pipe(ex("insert into pt values (1)"), ex("copy pt from stdin"),
			[]pgproto3.FrontendMessage{&pgproto3.CopyData{Data: []byte("2\n3\n")}, &pgproto3.CopyDone{}},
			syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "sync alone",
		msgs: syncMsg},
	{name: "declare outside a block",
		msgs: pipe(ex("select 1"), ex("declare c cursor for select 1"), syncMsg)},
	{name: "declare after begin",
		msgs:  pipe(ex("begin"), ex("declare c cursor for select 1"), ex("fetch c"), syncMsg, ex("fetch c"), ex("commit"), syncMsg),
		check: []string{"select 1"}},
	{name: "simple query ends the pipeline's transaction", setup: pipeTable,
		msgs:  pipe(ex("insert into pt values (1)"), []pgproto3.FrontendMessage{&pgproto3.Query{String: failing}}, ex("insert into pt values (2)"), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "temp table on commit drop", setup: "",
		msgs:  pipe(ex("create temp table tt (a int) on commit drop"), ex("insert into tt values (1)"), ex("select count(*) from tt"), syncMsg),
		check: []string{"select count(*) from pg_class where relname = 'tt'"}},
	{name: "procedure commits in a pipeline", setup: "drop table if exists pt; create table pt (a int); " +
		"create or replace procedure pc() language plpgsql as $$ begin insert into pt values (2); commit; insert into pt values (3); end $$",
		msgs:  pipe(ex("insert into pt values (1)"), ex("call pc()"), ex("insert into pt values (4)"), ex(failing), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "procedure commits in a pipeline that succeeds", setup: "drop table if exists pt; create table pt (a int); " +
		"create or replace procedure pc() language plpgsql as $$ begin insert into pt values (2); commit; insert into pt values (3); end $$",
		msgs:  pipe(ex("insert into pt values (1)"), ex("call pc()"), ex("insert into pt values (4)"), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "procedure cannot commit in a block", setup: "drop table if exists pt; create table pt (a int); " +
		"create or replace procedure pc() language plpgsql as $$ begin insert into pt values (2); commit; end $$",
		msgs:  pipe(ex("begin"), ex("call pc()"), syncMsg, ex("rollback"), syncMsg),
		check: []string{"select a from pt order by a"}},
	{name: "function in a pipeline rolls back with it", setup: "drop table if exists pt; create table pt (a int); " +
		"create or replace function pf() returns int language plpgsql as $$ begin insert into pt values (5); return 1; end $$",
		msgs:  pipe(ex("select pf()"), ex(failing), syncMsg),
		check: []string{"select count(*) from pt"}},
	{name: "set transaction in a pipeline",
		msgs: pipe(ex("set transaction read only"), ex("show transaction_read_only"), syncMsg, ex("show transaction_read_only"), syncMsg)},
	{name: "statement_timestamp per execute",
		msgs: pipe(ex("select pg_sleep(0.05)"), ex("select statement_timestamp() - now() >= interval '40 ms', now() = transaction_timestamp()"), syncMsg)},
	{name: "statement_timestamp per execute in a block",
		msgs: pipe(ex("begin"), ex("select pg_sleep(0.05)"), syncMsg, ex("select statement_timestamp() - now() >= interval '40 ms'"), ex("commit"), syncMsg)},
}

// pipelineKnown are cases tinybase does not answer as PostgreSQL does,
// with the reason.
var pipelineKnown = map[string]string{
	"alter system after a statement": "ALTER SYSTEM is refused (0A000) when it is parsed, before PostgreSQL's pipeline check at Execute",
}

// withoutKnown drops the known cases' sections from a transcript.
func withoutKnown(transcript string, known map[string]string) string {
	var out strings.Builder
	skip := false
	for _, l := range strings.SplitAfter(transcript, "\n") {
		if name, ok := strings.CutPrefix(l, "== "); ok {
			_, skip = known[strings.TrimSuffix(name, "\n")]
		}
		if !skip {
			out.WriteString(l)
		}
	}
	return out.String()
}

// TestPipelineLikePostgres runs each pipeline on a fresh connection and
// compares what the server answers — message by message, with tags,
// SQLSTATEs, rows and ReadyForQuery's status — and what the checks then
// read with PostgreSQL 15's answers (-record-psql with TINYBASE_PG_URL).
func TestPipelineLikePostgres(t *testing.T) {
	url := goldenTarget(t, *recordPsql, "wire_pipeline")
	var out strings.Builder
	for _, tc := range pipelineCases {
		lines, err := pipelineExchange(url, tc)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		fmt.Fprintf(&out, "== %s\n%s\n", tc.name, strings.Join(lines, "\n"))
	}
	want, recorded := clientGolden(t, *recordPsql, filepath.Join("testdata", "pipeline.golden"), out.String())
	if recorded {
		return
	}
	if diff := cmp.Diff(withoutKnown(want, pipelineKnown), withoutKnown(out.String(), pipelineKnown)); diff != "" {
		t.Errorf("answers (-postgres +tinybase):\n%s", diff)
	}
}

// pipelineExchange runs one case on its own connection and returns its
// transcript.
func pipelineExchange(url string, tc pipelineCase) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pc, err := pgconn.Connect(ctx, url)
	if err != nil {
		return nil, err
	}
	// each setup statement is its own Query message: a BEGIN among
	// several in one message would take the others into its block
	setup := strings.Split(tc.setup, "; ")
	if strings.Contains(tc.setup, "$$") {
		setup = []string{tc.setup} // a routine's body holds "; "
	}
	for _, q := range setup {
		if q == "" {
			continue
		}
		if _, err := pc.Exec(ctx, q).ReadAll(); err != nil {
			var pe *pgconn.PgError
			if !errors.As(err, &pe) || !strings.Contains(tc.setup, "1/0") {
				pc.Close(ctx)
				return nil, fmt.Errorf("setup: %w", err)
			}
		}
	}
	hc, err := pc.Hijack()
	if err != nil {
		return nil, err
	}
	defer hc.Conn.Close()
	fe := hc.Frontend
	syncs := 0
	for _, m := range tc.msgs {
		fe.Send(m)
		switch m.(type) {
		case *pgproto3.Sync, *pgproto3.Query, *pgproto3.FunctionCall:
			syncs++
		}
	}
	if err := fe.Flush(); err != nil {
		return nil, err
	}
	var lines []string
	read := func(ready int) error {
		for ready > 0 {
			_ = hc.Conn.SetReadDeadline(time.Now().Add(10 * time.Second))
			m, err := fe.Receive()
			if err != nil {
				var ne net.Error
				if errors.As(err, &ne) && ne.Timeout() {
					lines = append(lines, "(timeout)")
					return nil
				}
				return err
			}
			if l := transcriptLine(m); l != "" {
				lines = append(lines, l)
			}
			if _, ok := m.(*pgproto3.ReadyForQuery); ok {
				ready--
			}
		}
		return nil
	}
	if err := read(syncs); err != nil {
		return nil, err
	}
	for _, q := range tc.check {
		lines = append(lines, "-- "+q)
		fe.Send(&pgproto3.Query{String: q})
		if err := fe.Flush(); err != nil {
			return nil, err
		}
		if err := read(1); err != nil {
			return nil, err
		}
	}
	return lines, nil
}

// transcriptLine is one backend message as the golden shows it; messages
// whose content varies between servers (parameter status, row
// descriptions' type details) show only their kind.
func transcriptLine(m pgproto3.BackendMessage) string {
	switch m := m.(type) {
	case *pgproto3.ParseComplete:
		return "ParseComplete"
	case *pgproto3.BindComplete:
		return "BindComplete"
	case *pgproto3.CloseComplete:
		return "CloseComplete"
	case *pgproto3.NoData:
		return "NoData"
	case *pgproto3.RowDescription:
		names := make([]string, len(m.Fields))
		for i, f := range m.Fields {
			names[i] = string(f.Name)
		}
		return "RowDescription " + strings.Join(names, ",")
	case *pgproto3.DataRow:
		vals := make([]string, len(m.Values))
		for i, v := range m.Values {
			if v == nil {
				vals[i] = "NULL"
			} else {
				vals[i] = string(v)
			}
		}
		return "DataRow " + strings.Join(vals, "|")
	case *pgproto3.CommandComplete:
		return "CommandComplete " + string(m.CommandTag)
	case *pgproto3.EmptyQueryResponse:
		return "EmptyQueryResponse"
	case *pgproto3.PortalSuspended:
		return "PortalSuspended"
	case *pgproto3.ErrorResponse:
		return fmt.Sprintf("ErrorResponse %s %s %s", m.Severity, m.Code, m.Message)
	case *pgproto3.NoticeResponse:
		return fmt.Sprintf("NoticeResponse %s %s %s", m.Severity, m.Code, m.Message)
	case *pgproto3.NotificationResponse:
		return fmt.Sprintf("NotificationResponse %s %s", m.Channel, m.Payload)
	case *pgproto3.CopyOutResponse:
		return "CopyOutResponse"
	case *pgproto3.CopyInResponse:
		return "CopyInResponse"
	case *pgproto3.CopyData:
		return fmt.Sprintf("CopyData %q", m.Data)
	case *pgproto3.CopyDone:
		return "CopyDone"
	case *pgproto3.ReadyForQuery:
		return "ReadyForQuery " + string(m.TxStatus)
	case *pgproto3.FunctionCallResponse:
		if m.Result == nil {
			return "FunctionCallResponse NULL"
		}
		return fmt.Sprintf("FunctionCallResponse %q", m.Result)
	case *pgproto3.ParameterStatus:
		return ""
	}
	return fmt.Sprintf("%T", m)
}

// TestPgxBatchLikePostgres runs pgx Batches — Parse/Bind/Describe/Execute
// per statement and one Sync — and records each result or error and the
// rows left behind, against PostgreSQL 15's (testdata/pgx_batch.golden).
func TestPgxBatchLikePostgres(t *testing.T) {
	url := goldenTarget(t, *recordPsql, "wire_pgx_batch")
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "create table bt (id int primary key, note text)"); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for _, batch := range [][]string{
		{"insert into bt values (1, 'a')", "select 1/(select 0)", "insert into bt values (2, 'b')"},
		{"insert into bt values (3, 'c')", "insert into bt values (3, 'dup')"},
		{"insert into bt values (4, 'd')", "update bt set note = note || '!' returning id, note"},
		{"begin", "insert into bt values (5, 'e')", "commit", "select 1/(select 0)"},
		{"select now() = transaction_timestamp()", "select count(*) from bt"},
	} {
		b := &pgx.Batch{}
		for _, q := range batch {
			b.Queue(q)
		}
		res := conn.SendBatch(ctx, b)
		for _, q := range batch {
			rows, err := res.Query()
			var vals []string
			for err == nil && rows.Next() {
				v, _ := rows.Values()
				vals = append(vals, fmt.Sprint(v...))
			}
			if err == nil {
				rows.Close()
				err = rows.Err()
			}
			if pe, ok := err.(*pgconn.PgError); ok {
				fmt.Fprintf(&out, "%s: ERROR %s %s\n", q, pe.Code, pe.Message)
			} else if err != nil {
				fmt.Fprintf(&out, "%s: %v\n", q, err)
			} else {
				fmt.Fprintf(&out, "%s: %s %v\n", q, rows.CommandTag(), vals)
			}
		}
		if err := res.Close(); err != nil {
			fmt.Fprintf(&out, "close: %v\n", err)
		}
		var ids []int32
		rows, _ := conn.Query(ctx, "select id from bt order by id")
		ids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&out, "-- rows %v, status %c\n", ids, conn.PgConn().TxStatus())
	}
	want, recorded := clientGolden(t, *recordPsql, filepath.Join("testdata", "pgx_batch.golden"), out.String())
	if recorded {
		return
	}
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("answers (-postgres +tinybase):\n%s", diff)
	}
}
