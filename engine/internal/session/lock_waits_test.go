package session

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/internal/pgerror"
)

var recordLocks = flag.Bool("record-locks", false, "record testdata/lock_waits.golden from the PostgreSQL at TINYBASE_PG_URL")

// lockConn is one session of the lock script, on tinybase or PostgreSQL.
type lockConn interface {
	run(ctx context.Context, q string) (string, error)
	pid() int32
}

type tbLockConn struct{ s *Session }

func (c tbLockConn) pid() int32 { return c.s.PID() }
func (c tbLockConn) run(ctx context.Context, q string) (string, error) {
	rows, err := c.s.Query(ctx, q)
	if err != nil {
		return "", err
	}
	return rowsText(rows)
}

type pgLockConn struct {
	c *pgx.Conn
	p int32
}

func (c pgLockConn) pid() int32 { return c.p }
func (c pgLockConn) run(ctx context.Context, q string) (string, error) {
	rows, err := c.c.Query(ctx, q, pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		for i, v := range rows.RawValues() {
			if i > 0 {
				b.WriteByte('|')
			}
			if v == nil {
				b.WriteString("NULL")
			} else {
				b.Write(v)
			}
		}
		b.WriteByte('\n')
	}
	return b.String(), rows.Err()
}

// lockScript is the interleaving: "X: sql" runs on session X and waits
// for it; "X&: sql" starts it and goes on; "X?" waits until X is blocked
// on a lock; "X~" until X's statement waits for anything; "X=" collects
// X's started statement. {A} in SQL is A's pid.
var lockScript = []string{
	// a granted and a blocked advisory lock, bigint and pair keys
	"A: select pg_advisory_lock(4294967298)",
	"A: select pg_advisory_lock_shared(7, 8)",
	"B&: select pg_advisory_lock(4294967298)",
	"B?",
	"C: select locktype, database = (select oid from pg_database where datname = current_database()), relation, classid, objid, objsubid, mode, granted, fastpath, case pid when {A} then 'A' when {B} then 'B' end, waitstart is null from pg_locks where locktype = 'advisory' order by granted desc, objsubid, pid",
	"C: select wait_event_type, wait_event, state, query from pg_stat_activity where pid = {B}",
	// a role without the waiter's privileges sees who, not what
	"C: create role lock_waits_reader",
	"C: set role lock_waits_reader",
	"C: select usename, wait_event_type, wait_event, state, query, backend_start is null from pg_stat_activity where pid = {B}",
	"C: reset role",
	"C: drop role lock_waits_reader",
	"C: select pg_blocking_pids({B}) = array[{A}], pg_blocking_pids({A})",
	"A: select pg_advisory_unlock(4294967298)",
	"B=",
	"C: select pg_blocking_pids({B}), count(*) from pg_locks where not granted",
	"B: select pg_advisory_unlock_all()",
	"A: select pg_advisory_unlock_all()",
	// a deadlock of transaction-level locks: B's check, sooner, finds it
	"A: begin",
	"A: set local deadlock_timeout = '10s'",
	"B: begin",
	"B: set local deadlock_timeout = '200ms'",
	"A: select pg_advisory_xact_lock(1)",
	"B: select pg_advisory_xact_lock(2, 3)",
	"A&: select pg_advisory_xact_lock(2, 3)",
	"A?",
	"B: select pg_advisory_xact_lock_shared(1)",
	"A=",
	"B: select 1",
	"B: rollback",
	"A: commit",
	// a blocked LOCK TABLE
	"C: create table lock_waits_t (x int)",
	"A: begin",
	"A: lock table lock_waits_t in exclusive mode",
	"B: begin",
	"B&: lock table lock_waits_t in share mode",
	"B?",
	"C: select locktype, relation = 'lock_waits_t'::regclass, mode, granted, case pid when {A} then 'A' when {B} then 'B' end from pg_locks where relation = 'lock_waits_t'::regclass order by granted desc",
	"C: select wait_event_type, wait_event, query from pg_stat_activity where pid = {B}",
	"C: select pg_blocking_pids({B}) = array[{A}]",
	"A: commit",
	"B=",
	"B: commit",
	"C: drop table lock_waits_t",
	// what sessions run and wait for, as another sees them
	"A: set application_name = 'activity_a'",
	"C: " + activityOfA,
	"A: begin",
	"A: select 42",
	"C: " + activityOfA,
	"A: select 1/0",
	"C: " + activityOfA,
	"A: rollback",
	"A&: select pg_sleep(0.3)",
	"A~",
	"C: " + activityOfA,
	"A=",
	"C: " + activityOfA,
}

// activityOfA is A's pg_stat_activity row, its times as relations.
const activityOfA = "select application_name, state, query, wait_event_type, wait_event, xact_start is null, " +
	"xact_start <= query_start, query_start <= state_change, backend_start <= query_start from pg_stat_activity where pid = {A}"

var processPID = regexp.MustCompile(`([Pp]rocess )(\d+)`)

// runLockScript runs lockScript over three sessions and returns its log.
func runLockScript(t *testing.T, conns map[string]lockConn) string {
	ctx := context.Background()
	names := map[string]string{}
	for n, c := range conns {
		names[fmt.Sprint(c.pid())] = n
	}
	type result struct {
		out string
		err error
	}
	pending := map[string]chan result{}
	var log strings.Builder
	report := func(r result) {
		if r.err == nil {
			log.WriteString(r.out)
			return
		}
		code, msg, detail, hint := "", r.err.Error(), "", ""
		var pe *pgconn.PgError
		if e, ok := pgerror.As(r.err); ok {
			code, msg, detail, hint = e.Code, e.Message, e.Detail, e.Hint
		} else if errors.As(r.err, &pe) {
			code, msg, detail, hint = pe.Code, pe.Message, pe.Detail, pe.Hint
		}
		detail = processPID.ReplaceAllStringFunc(detail, func(m string) string {
			p := processPID.FindStringSubmatch(m)
			return p[1] + names[p[2]]
		})
		fmt.Fprintf(&log, "ERROR %s: %s\n", code, msg)
		if detail != "" {
			fmt.Fprintf(&log, "DETAIL: %s\n", detail)
		}
		if hint != "" {
			fmt.Fprintf(&log, "HINT: %s\n", hint)
		}
	}
	for _, step := range lockScript {
		log.WriteString(step + "\n")
		name, q, _ := strings.Cut(step, ": ")
		for n, c := range conns {
			q = strings.ReplaceAll(q, "{"+n+"}", fmt.Sprint(c.pid()))
		}
		switch {
		case strings.HasSuffix(name, "&"):
			c, ch := conns[strings.TrimSuffix(name, "&")], make(chan result, 1)
			pending[strings.TrimSuffix(name, "&")] = ch
			go func() {
				out, err := c.run(ctx, q)
				ch <- result{out, err}
			}()
		case strings.HasSuffix(name, "?"):
			pid := conns[strings.TrimSuffix(name, "?")].pid()
			deadline := time.Now().Add(5 * time.Second)
			for {
				out, err := conns["C"].run(ctx, fmt.Sprintf("select count(*) from pg_locks where pid = %d and not granted", pid))
				if err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				if out == "1\n" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: never blocked", step)
				}
				time.Sleep(10 * time.Millisecond)
			}
		case strings.HasSuffix(name, "~"):
			pid := conns[strings.TrimSuffix(name, "~")].pid()
			deadline := time.Now().Add(5 * time.Second)
			for {
				out, err := conns["C"].run(ctx, fmt.Sprintf("select count(*) from pg_stat_activity where pid = %d and state = 'active' and wait_event is not null", pid))
				if err != nil {
					t.Fatalf("%s: %v", step, err)
				}
				if out == "1\n" {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%s: never waited", step)
				}
				time.Sleep(10 * time.Millisecond)
			}
		case strings.HasSuffix(name, "="):
			select {
			case r := <-pending[strings.TrimSuffix(name, "=")]:
				report(r)
			case <-time.After(5 * time.Second):
				t.Fatalf("%s: still blocked", step)
			}
		default:
			out, err := conns[name].run(ctx, q)
			report(result{out, err})
		}
	}
	return log.String()
}

// TestLockWaits checks other sessions' lock waits as pg_locks,
// pg_stat_activity and pg_blocking_pids show them, and deadlock
// detection, against PostgreSQL's answers to the same interleaving.
func TestLockWaits(t *testing.T) {
	golden := filepath.Join("testdata", "lock_waits.golden")
	conns := map[string]lockConn{}
	if *recordLocks {
		url := os.Getenv("TINYBASE_PG_URL")
		if url == "" {
			t.Fatal("-record-locks needs TINYBASE_PG_URL")
		}
		for _, n := range []string{"A", "B", "C"} {
			c, err := pgx.Connect(context.Background(), url)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close(context.Background())
			var pid int32
			if err := c.QueryRow(context.Background(), "select pg_backend_pid()").Scan(&pid); err != nil {
				t.Fatal(err)
			}
			conns[n] = pgLockConn{c, pid}
		}
		if err := os.WriteFile(golden, []byte(runLockScript(t, conns)), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	e, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"A", "B", "C"} {
		conns[n] = tbLockConn{connectT(t, e)}
	}
	got := runLockScript(t, conns)
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), got); d != "" {
		t.Errorf("lock script (-postgres +tinybase):\n%s", d)
	}
}
