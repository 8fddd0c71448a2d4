package routines_test

import (
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// The statements routines run keep their translations and plans between
// calls (routines.Stmt, session/routine_plans.go). These tests run the
// same routine statement before and after each thing its plan depends on
// changes, through each way a routine runs statements: a SQL function's
// body, a PL/pgSQL query, and a statement an extension runs through
// Caller.Query (pgTAP's results_eq runs its query text so).

const planFixture = `CREATE EXTENSION IF NOT EXISTS pgtap WITH SCHEMA extensions;
CREATE SCHEMA sa; CREATE SCHEMA sb;
CREATE TABLE sa.t (v text); INSERT INTO sa.t VALUES ('a');
CREATE TABLE sb.t (v text); INSERT INTO sb.t VALUES ('b');
CREATE TABLE public.t (v text); INSERT INTO public.t VALUES ('public');
CREATE FUNCTION sql_t() RETURNS text LANGUAGE sql AS 'SELECT string_agg(v, '','' ORDER BY v) FROM t';
CREATE FUNCTION pl_t() RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  SELECT string_agg(v, ',' ORDER BY v) INTO r FROM t;
  RETURN r;
END $$;
CREATE FUNCTION tap_t(want text) RETURNS text LANGUAGE sql AS
  $$ SELECT extensions.results_eq('SELECT string_agg(v, '','' ORDER BY v) FROM t', ARRAY[want], 'x') $$;
CREATE ROLE r1; CREATE ROLE r2;
CREATE TABLE owned (who text, v text);
INSERT INTO owned VALUES ('r1', 'one'), ('r2', 'two'), ('r1', 'uno');
ALTER TABLE owned ENABLE ROW LEVEL SECURITY;
CREATE POLICY r1s ON owned FOR SELECT TO r1 USING (who = 'r1');
CREATE POLICY r2s ON owned FOR SELECT TO r2 USING (who = 'r2');
GRANT SELECT ON owned TO r1, r2;
GRANT USAGE ON SCHEMA sa, sb TO r1, r2;
CREATE FUNCTION sql_owned() RETURNS text LANGUAGE sql AS 'SELECT string_agg(v, '','' ORDER BY v) FROM public.owned';
CREATE FUNCTION pl_owned() RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  SELECT string_agg(v, ',' ORDER BY v) INTO r FROM public.owned;
  RETURN r;
END $$;
CREATE FUNCTION tap_owned(want text) RETURNS text LANGUAGE sql AS
  $$ SELECT extensions.results_eq('SELECT string_agg(v, '','' ORDER BY v) FROM public.owned', ARRAY[want], 'x') $$;`

// routineReads are the three ways of reading t: each returns the rows'
// values joined by commas (pgTAP's results_eq compares them with want).
func readT(t *testing.T, s *engine.Session, fn string, want string) {
	t.Helper()
	var q string
	switch fn {
	case "tap":
		q = "SELECT tap_t('" + want + "')"
	default:
		q = "SELECT " + fn + "_t()"
	}
	got := one(t, s, q)
	if fn == "tap" {
		if !strings.HasPrefix(got, "ok ") {
			t.Errorf("%s: want %q, got %q", q, want, got)
		}
		return
	}
	if got != want {
		t.Errorf("%s = %q, want %q", q, got, want)
	}
}

func one(t *testing.T, s *engine.Session, q string) string {
	t.Helper()
	res := enginetest.Exec(t, s, q)
	last := res[len(res)-1]
	if len(last.Rows) != 1 || len(last.Rows[0]) != 1 {
		t.Fatalf("%s: %v", q, last.Rows)
	}
	if v := last.Rows[0][0]; v != nil {
		return *v
	}
	return "<null>"
}

func TestRoutinePlanDroppedAndRecreatedTable(t *testing.T) {
	for _, fn := range []string{"sql", "pl", "tap"} {
		t.Run(fn, func(t *testing.T) {
			s := enginetest.Session(t, enginetest.Migrated(t, planFixture))
			enginetest.Exec(t, s, "SELECT extensions.no_plan()")
			readT(t, s, fn, "public")
			readT(t, s, fn, "public") // from the kept plan
			// the same name, another table, in the same transaction
			enginetest.Exec(t, s, "BEGIN; DROP TABLE public.t; CREATE TABLE public.t (k int, v text); INSERT INTO public.t VALUES (1, 'new')")
			readT(t, s, fn, "new")
			enginetest.Exec(t, s, "DROP TABLE public.t; CREATE TABLE public.t (v text); INSERT INTO public.t VALUES ('newer'), ('newest')")
			readT(t, s, fn, "newer,newest")
			enginetest.Exec(t, s, "COMMIT")
			readT(t, s, fn, "newer,newest")
			// and in separate transactions
			enginetest.Exec(t, s, "DROP TABLE public.t")
			enginetest.Exec(t, s, "CREATE TABLE public.t (v text)")
			enginetest.Exec(t, s, "INSERT INTO public.t VALUES ('last')")
			readT(t, s, fn, "last")
		})
	}
}

func TestRoutinePlanSearchPath(t *testing.T) {
	for _, fn := range []string{"sql", "pl", "tap"} {
		t.Run(fn, func(t *testing.T) {
			s := enginetest.Session(t, enginetest.Migrated(t, planFixture))
			enginetest.Exec(t, s, "SELECT extensions.no_plan()")
			enginetest.Exec(t, s, "SET search_path = sa, public, extensions")
			readT(t, s, fn, "a")
			readT(t, s, fn, "a")
			enginetest.Exec(t, s, "SET search_path = sb, public, extensions")
			readT(t, s, fn, "b")
			enginetest.Exec(t, s, "BEGIN; SET LOCAL search_path = sa, public, extensions")
			readT(t, s, fn, "a")
			enginetest.Exec(t, s, "COMMIT")
			readT(t, s, fn, "b")
			// a temporary table comes first on the path once created
			enginetest.Exec(t, s, "BEGIN; CREATE TEMP TABLE t (v text); INSERT INTO t VALUES ('temp')")
			readT(t, s, fn, "temp")
			enginetest.Exec(t, s, "ROLLBACK")
			readT(t, s, fn, "b")
		})
	}
}

func TestRoutinePlanRoleRowSecurity(t *testing.T) {
	for _, fn := range []string{"sql", "pl", "tap"} {
		t.Run(fn, func(t *testing.T) {
			s := enginetest.Session(t, enginetest.Migrated(t, planFixture))
			enginetest.Exec(t, s, "SELECT extensions.no_plan()")
			read := func(want string) {
				t.Helper()
				if fn == "tap" {
					if got := one(t, s, "SELECT tap_owned('"+want+"')"); !strings.HasPrefix(got, "ok ") {
						t.Errorf("tap_owned(%q) = %q", want, got)
					}
					return
				}
				if got := one(t, s, "SELECT "+fn+"_owned()"); got != want {
					t.Errorf("%s_owned() = %q, want %q", fn, got, want)
				}
			}
			// no "$user" on the path, which would move with the role
			enginetest.Exec(t, s, "SET search_path = public, extensions; SET ROLE r1")
			read("one,uno")
			read("one,uno")
			enginetest.Exec(t, s, "SET ROLE r2")
			read("two")
			enginetest.Exec(t, s, "RESET ROLE; BEGIN; SET LOCAL ROLE r1")
			read("one,uno")
			enginetest.Exec(t, s, "SET LOCAL ROLE r2")
			read("two")
			enginetest.Exec(t, s, "COMMIT; SET ROLE r1")
			read("one,uno")
		})
	}
}

func TestRoutinePlanParameterTypes(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, planFixture+`
CREATE FUNCTION sql_poly(x anyelement) RETURNS text LANGUAGE sql AS 'SELECT pg_typeof($1)::text || '':'' || ($1 = $1)::text';
CREATE FUNCTION pl_poly(x anyelement) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  SELECT pg_typeof(x)::text || ':' || (x = x)::text INTO r;
  RETURN r;
END $$;
CREATE TABLE kv (k int8 PRIMARY KEY, v text); INSERT INTO kv VALUES (1, 'one'), (2, 'two');
CREATE FUNCTION pl_key(x anyelement) RETURNS text LANGUAGE plpgsql AS $$
DECLARE r text;
BEGIN
  SELECT v INTO r FROM kv WHERE k = x;
  RETURN r;
END $$;`))
	for _, c := range []struct{ q, want string }{
		{"SELECT sql_poly(1)", "integer:true"},
		{"SELECT sql_poly('x'::text)", "text:true"},
		{"SELECT sql_poly(1.5)", "numeric:true"},
		{"SELECT sql_poly(2)", "integer:true"},
		{"SELECT pl_poly(1)", "integer:true"},
		{"SELECT pl_poly('x'::text)", "text:true"},
		{"SELECT pl_poly(1.5)", "numeric:true"},
		{"SELECT pl_poly(2)", "integer:true"},
		{"SELECT pl_key(1)", "one"},
		{"SELECT pl_key(2)", "two"},
		{"SELECT pl_key(2::int8)", "two"},
		{"SELECT pl_key(1.0)", "one"},
		{"SELECT pl_key(1)", "one"},
	} {
		if got := one(t, s, c.q); got != c.want {
			t.Errorf("%s = %q, want %q", c.q, got, c.want)
		}
	}
}

// TestRoutinePlanReused shows the plans are kept: calls after the first
// plan nothing.
func TestRoutinePlanReused(t *testing.T) {
	for _, fn := range []string{"sql", "pl", "tap"} {
		t.Run(fn, func(t *testing.T) {
			e := enginetest.Migrated(t, planFixture)
			s := enginetest.Session(t, e)
			enginetest.Exec(t, s, "SELECT extensions.no_plan()")
			readT(t, s, fn, "public")
			before := e.PlanCacheStats()
			for i := 0; i < 5; i++ {
				readT(t, s, fn, "public")
			}
			after := e.PlanCacheStats()
			if hits := after.Hits - before.Hits; hits < 5 {
				t.Errorf("%d plan-cache hits in 5 calls (planned %d)", hits, after.Planned-before.Planned)
			}
		})
	}
}
