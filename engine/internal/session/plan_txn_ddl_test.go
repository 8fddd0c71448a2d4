package session

import (
	"testing"
)

// txnDDLSteps runs statements on sessions of e, checking each one's rows
// (runScript's form) and how many of its executions ran a cached plan.
type txnDDLStep struct {
	session int
	query   string
	want    string
	hits    int // plan-cache hits the run must count; -1: not checked
}

func runTxnDDLSteps(t *testing.T, e *Engine, ss []*Session, steps []txnDDLStep) {
	t.Helper()
	for i, st := range steps {
		before := e.PlanCacheStats().Hits
		got := runScript(t, ss[st.session], []string{st.query})[0]
		hits := int(e.PlanCacheStats().Hits - before)
		if want := st.query + " => " + st.want; got != want {
			t.Errorf("step %d (session %d):\n got %s\nwant %s", i, st.session, got, want)
		}
		if st.hits >= 0 && hits != st.hits {
			t.Errorf("step %d (session %d) %s: %d plan-cache hits, want %d", i, st.session, st.query, hits, st.hits)
		}
	}
}

// TestTxnDDLPlanCache checks the caches of a transaction that ran DDL:
// a statement cached after the DDL is reused until the next catalog
// change in the transaction, and a later ALTER, a ROLLBACK TO SAVEPOINT
// undoing DDL, and the transaction's end each make its entries unusable.
func TestTxnDDLPlanCache(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a')")
	ss := []*Session{connectT(t, e), connectT(t, e)}
	q := "select * from t where id = 1"
	runTxnDDLSteps(t, e, ss, []txnDDLStep{
		{1, q, "1|a", -1},
		{1, q, "1|a", 1},
		{0, "begin", "", -1},
		{0, "create temp table fixture (a int)", "", -1},
		// cached after the DDL, and reused (a)
		{0, q, "1|a", 0},
		{0, q, "1|a", 1},
		{0, q, "1|a", 1},
		// a further ALTER: planned afresh with the new shape (b)
		{0, "alter table t add column extra int default 7", "", -1},
		{0, q, "1|a|7", 0},
		{0, q, "1|a|7", 1},
		// ROLLBACK TO SAVEPOINT undoing an ALTER and a CREATE (c)
		{0, "savepoint sp", "", -1},
		{0, "alter table t add column more text default 'm'", "", -1},
		{0, "create table t2 (x int)", "", -1},
		{0, "insert into t2 values (5)", "", -1},
		{0, q, "1|a|7|m", 0},
		{0, q, "1|a|7|m", 1},
		{0, "select x from t2", "5", 0},
		{0, "select x from t2", "5", 1},
		{0, "rollback to savepoint sp", "", -1},
		{0, q, "1|a|7", 0},
		{0, q, "1|a|7", 1},
		{0, "select count(*) from pg_class where relname = 't2'", "0", -1},
		{0, "savepoint sp2", "", -1},
		{0, "alter table t drop column name", "", -1},
		{0, q, "1|7", 0},
		{0, q, "1|7", 1},
		// the other session never runs this transaction's entries (d)
		{1, q, "1|a", 1},
		{1, "select * from t where id = 2", "", -1},
		{0, "rollback to savepoint sp2", "", -1},
		{0, q, "1|a|7", 0},
		// nor does this session once the transaction ends
		{0, "rollback", "", -1},
		{0, q, "1|a", 0},
		{0, q, "1|a", 1},
		{1, q, "1|a", 0}, // the rollback moved the engine's DDL version
		// a committed transaction's entries are gone too
		{0, "begin", "", -1},
		{0, "alter table t add column c2 int default 3", "", -1},
		{0, q, "1|a|3", 0},
		{0, q, "1|a|3", 1},
		{0, "commit", "", -1},
		{0, q, "1|a|3", 0},
		{1, q, "1|a|3", 0},
		{1, q, "1|a|3", 1},
	})
}

// TestTxnDDLRoutines checks PL/pgSQL plans and routine statements made
// after DDL in a transaction: reused while the catalog stays, planned
// again after the function is replaced or a table it reads is altered in
// the same transaction, and after a ROLLBACK TO SAVEPOINT undoing either
// (e).
func TestTxnDDLRoutines(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a')")
	ss := []*Session{connectT(t, e), connectT(t, e)}
	runTxnDDLSteps(t, e, ss, []txnDDLStep{
		{0, "begin", "", -1},
		{0, "create temp table fixture (a int)", "", -1},
		{0, "create function f() returns text language plpgsql as $$ declare r record; begin select * into r from t where id = 1; return r::text; end $$", "", -1},
		{0, "create function g() returns int language sql as $$ select count(*)::int from t $$", "", -1},
		{0, "select f(), g()", "(1,a)|1", -1},
		{0, "select f(), g()", "(1,a)|1", -1},
		{0, "alter table t add column extra int default 7", "", -1},
		{0, "select f(), g()", "(1,a,7)|1", -1},
		{0, "insert into t values (2, 'b', 8)", "", -1},
		{0, "select f(), g()", "(1,a,7)|2", -1},
		{0, "create or replace function f() returns text language plpgsql as $$ begin return (select name from t where id = 2); end $$", "", -1},
		{0, "create or replace function g() returns int language sql as $$ select max(extra) from t $$", "", -1},
		{0, "select f(), g()", "b|8", -1},
		{0, "select f(), g()", "b|8", -1},
		{0, "savepoint sp", "", -1},
		{0, "create or replace function f() returns text language plpgsql as $$ begin return 'replaced'; end $$", "", -1},
		{0, "select f(), g()", "replaced|8", -1},
		{0, "rollback to savepoint sp", "", -1},
		{0, "select f(), g()", "b|8", -1},
		{1, "select count(*) from pg_proc where proname in ('f', 'g')", "0", -1},
		{0, "rollback", "", -1},
		{0, "select count(*) from pg_proc where proname in ('f', 'g')", "0", -1},
		{0, "select * from t", "1|a", -1},
	})
}
