package session

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/google/go-cmp/cmp"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestSimpleReadAnalysis analyzes each statement with the engine's analyzer
// (whose rules return at once for simple reads) and with one holding
// every rule, and wants the same plan from both; simple says whether the
// statement must take the short path, so the test fails if the gate stops
// applying as well as if it changes a plan.
func TestSimpleReadAnalysis(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, name text, score bigint, tags text[])",
		"create index t_score on t (score)",
		"create table u (id bigint primary key, t_id bigint references t (id), v text)",
		"create view tv as select id, name from t where score > 1",
		"insert into t values (1, 'a', 1, '{x}'), (2, 'b', 2, null)")
	full := buildAnalyzer(gmsadapter.NewProvider(e.provider), false)
	cases := []struct {
		q      string
		args   []*types.Type // $n run-time parameters
		simple bool
	}{
		{"select *, 5 as k from t where id = 4242", nil, true},
		{"select * from t where id = $1", []*types.Type{types.Int8}, true},
		{"select name from t where id = $1 and score > $2", []*types.Type{types.Int8, types.Int8}, true},
		{"select name from t where score between 1 and 5 order by score limit 3", nil, true},
		{"select distinct name from t order by name desc nulls first offset 1", nil, true},
		{"select x.name from t as x where x.name like 'a%' or x.id in (1, 2, 3)", nil, true},
		{"select id, upper(name), score * 2 + 1 from t where not (score is null) limit 10", nil, true},
		{"select * from t order by id desc limit 5", nil, true},
		{"select * from t order by score limit 2 offset 1", nil, true},
		{"select name from t where id = 1 limit 1 offset 2", nil, true},
		{"select distinct score from t where score > 0", nil, true},
		{"select name from t where id = $1 order by name", []*types.Type{types.Int8}, true},
		{"select count(*) from t", nil, false},
		{"select score, count(*) from t group by score having count(*) > 1", nil, false},
		{"select * from t where id = (select max(t_id) from u)", nil, false},
		{"select * from t where exists (select 1 from u where u.t_id = t.id)", nil, false},
		{"select * from t where id in (select t_id from u)", nil, false},
		{"select t.name, u.v from t join u on u.t_id = t.id where t.id = 1", nil, false},
		{"select t.name, u.v from t left join u on u.t_id = t.id", nil, false},
		{"select * from t, lateral (select v from u where u.t_id = t.id) s", nil, false},
		{"select name from t union select v from u order by 1", nil, false},
		{"select * from tv where id = 1", nil, false},
		{"select * from generate_series(1, 3) g", nil, false},
		{"select row_number() over (order by id), name from t", nil, false},
		{"select relname from pg_class where relname = 't'", nil, false},
		{"with c as (select id from t) select * from c", nil, false},
		{"select 1", nil, false},
	}
	s := connectT(t, e)
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			gated, simple := analyzeWith(t, s, e.gms.Analyzer, c.q, c.args)
			whole, _ := analyzeWith(t, s, full, c.q, c.args)
			if simple != c.simple {
				t.Errorf("simple read = %v, want %v", simple, c.simple)
			}
			if diff := cmp.Diff(whole, gated); diff != "" {
				t.Errorf("plan differs from the full analysis (-full +gated):\n%s", diff)
			}
		})
	}
}

// analyzeWith translates, binds and analyzes q with a, returning the plan
// as GMS prints it and whether the bound plan is a simple read.
func analyzeWith(t *testing.T, s *Session, a *analyzer.Analyzer, q string, args []*types.Type) (string, bool) {
	t.Helper()
	stmt, _, err := s.eng.parseOne(q, false)
	if err != nil {
		t.Fatal(err)
	}
	tr := &translate.Translator{Env: &s.env, Tables: s, Catalog: s.translatorCatalog()}
	ctx := context.Background()
	if len(args) > 0 {
		slots, vals := &paramSlots{}, make([]any, len(args))
		for i := range vals {
			vals[i] = int64(i + 1)
		}
		tr.Params = make([]any, len(args))
		tr.BoundParams = boundParams(slots, args)
		ctx = withParams(ctx, slots, vals)
	}
	res, err := tr.Statement(stmt)
	if err != nil {
		t.Fatal(err)
	}
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(q))
	bound, qf, err := planbuilder.New(gctx, a.Catalog, nil, s.eng.gms.Parser).BindOnly(res.Stmt, q, nil)
	if err != nil {
		t.Fatal(err)
	}
	simple := simpleRead(bound, nil, qf)
	analyzed, err := a.Analyze(gctx, bound, nil, qf)
	if err != nil {
		t.Fatal(err)
	}
	return sql.DebugString(analyzed), simple
}
