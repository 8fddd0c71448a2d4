package session

import "testing"

// TestCommentKeepsPlans checks that COMMENT ON, which changes only the
// comments, leaves cached plans in use — a loop commenting each table
// planned its every statement again — while every statement still reads
// the comments as they are: the next statement in the same session and
// transaction, another session once committed, and no longer after a
// rollback or a rollback to a savepoint undid them.
func TestCommentKeepsPlans(t *testing.T) {
	e := newPlanEngine(t, true,
		"create table t (id bigint primary key, name text)",
		"insert into t values (1, 'a')",
		"comment on table t is 'first'")
	ss := []*Session{connectT(t, e), connectT(t, e)}
	q := "select * from t where id = 1"
	obj := "select obj_description('t'::regclass, 'pg_class')"
	col := "select col_description('t'::regclass, 2)"
	desc := "select d.description from pg_description d join pg_class c on c.oid = d.objoid where c.relname = 't' and d.objsubid = 0"
	runTxnDDLSteps(t, e, ss, []txnDDLStep{
		{0, q, "1|a", -1},
		{0, q, "1|a", 1},
		{0, obj, "first", -1},
		{0, desc, "first", -1},
		{0, desc, "first", 1},
		{0, "comment on table t is 'second'", "", -1},
		// the comment is read anew through plans kept
		{0, q, "1|a", 1},
		{0, obj, "second", -1},
		{0, desc, "second", 1},
		{1, desc, "second", -1},
		{0, "comment on column t.name is 'the name'", "", -1},
		{0, col, "the name", -1},
		{0, col, "the name", 1},
		// in a transaction, and rolled back
		{0, "begin", "", -1},
		{0, "comment on table t is 'third'", "", -1},
		{0, desc, "third", 1},
		{0, obj, "third", 1},
		{1, desc, "second", 1},
		{0, "comment on column t.name is null", "", -1},
		{0, col, "NULL", 1},
		{0, "rollback", "", -1},
		{0, desc, "second", 1},
		{0, obj, "second", 1},
		{0, col, "the name", 1},
		// after DDL in the transaction, and undone by a rollback to a
		// savepoint: the plans made after the DDL stay in use
		{0, "begin", "", -1},
		{0, "create table t2 (x int)", "", -1},
		{0, desc, "second", 0},
		{0, desc, "second", 1},
		{0, "savepoint sp", "", -1},
		{0, "comment on table t is 'fourth'", "", -1},
		{0, desc, "fourth", 1},
		{0, "rollback to savepoint sp", "", -1},
		{0, desc, "second", -1},
		{0, "comment on table t is 'fifth'", "", -1},
		{0, desc, "fifth", 1},
		{0, "commit", "", -1},
		{0, desc, "fifth", -1},
		{1, desc, "fifth", -1},
		{1, obj, "fifth", -1},
		// a DO block's comment, seen by the block itself and undone with it
		{0, "do $$ begin comment on table t is 'in a block'; raise exception '%', obj_description('t'::regclass, 'pg_class'); end $$",
			"ERROR ERROR: in a block (SQLSTATE P0001)", -1},
		{0, obj, "fifth", -1},
		{0, "do $$ begin comment on table t is 'sixth'; end $$", "", -1},
		{0, obj, "sixth", 1},
		{1, desc, "sixth", -1},
	})
}

// TestCommentMovesDDLVersion checks that a committed COMMENT ON moves the
// engine's DDL version: schema caches outside the engine (PostgREST's,
// which serves the descriptions) reload on it.
func TestCommentMovesDDLVersion(t *testing.T) {
	e := newPlanEngine(t, true, "create table t (id bigint primary key)")
	s := connectT(t, e)
	before := e.DDLVersion()
	runScript(t, s, []string{"select * from t"})
	if e.DDLVersion() != before {
		t.Fatalf("a query moved the DDL version")
	}
	runScript(t, s, []string{"comment on table t is 'x'"})
	if e.DDLVersion() == before {
		t.Fatalf("COMMENT ON did not move the DDL version")
	}
}
