package session

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// TestPlanFacts holds the one-walk planFacts to the single-question walks
// (foldsAtAnalysis, countNodeParams, countRuntimeCalls, reusablePlan,
// hasKeyedLookup; plan_facts_ref_test.go) on
// plans of every shape the plan cache sees.
func TestPlanFacts(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table t (id bigint primary key, name text, score bigint, tags text[])",
		"create index t_score on t (score)",
		"create table u (id bigint primary key, t_id bigint references t (id), v text)",
		"create view tv as select id, name from t where score > 1",
		"insert into t values (1, 'a', 1, '{x}'), (2, 'b', 2, null)")
	i8 := types.Int8
	cases := []struct {
		q    string
		args []*types.Type
	}{
		{"select *, 5 as k from t where id = 4242", nil},
		{"select * from t where id = $1", []*types.Type{i8}},
		{"select name from t where id = $1 and score > $2", []*types.Type{i8, i8}},
		{"select name from t where score = $1 + 1", []*types.Type{i8}},
		{"select name from t where score between 1 and 5 order by score limit 3", nil},
		{"select id, upper(name), score * 2 + 1 from t where not (score is null) limit 10", nil},
		{"select * from t where name = current_setting('app.x', true)", nil},
		{"select * from t where now() > now()", nil},
		{"select * from t where score = length(current_setting('app.x', true)) and name = current_user", nil},
		{"select * from t where id = length(current_setting('app.x', true))", nil},
		{"select t.name from t join u on u.t_id = t.id and u.v = current_user where exists (select 1 from u where u.v = current_setting('app.y', true))", nil},
		{"select score, count(*) from t group by score having count(*) > $1", []*types.Type{i8}},
		{"select * from t where id = (select max(t_id) from u where v = $1::text)", []*types.Type{i8}},
		{"select * from t where exists (select 1 from u where u.t_id = t.id and u.id = $1)", []*types.Type{i8}},
		{"select * from t where id in (select t_id from u)", nil},
		{"select t.name, u.v from t join u on u.t_id = t.id where t.id = $1", []*types.Type{i8}},
		{"select t.name, u.v from t left join u on u.t_id = t.id and u.v = now()::text", nil},
		{"select * from t, lateral (select v from u where u.t_id = t.id) s", nil},
		{"select name from t union select v from u order by 1", nil},
		{"select * from tv where id = $1", []*types.Type{i8}},
		{"select * from generate_series(1, 3) g", nil},
		{"select relname from pg_class where relname = 't'", nil},
		{"with c as (select id from t where score = $1) select * from c", []*types.Type{i8}},
		{"select 1", nil},
		{"insert into u values ($1, 1, 'x') returning id", []*types.Type{i8}},
		{"update t set score = score + $1 where id = $2", []*types.Type{i8, i8}},
		{"delete from u where id = $1", []*types.Type{i8}},
	}
	s := connectT(t, e)
	type facts struct {
		Folds           bool
		Params          int
		Unusable, Keyed bool
		Fresh           bool
		AnalyzedParams  int
		Calls           int
		AnalyzedCalls   int
	}
	for _, c := range cases {
		t.Run(c.q, func(t *testing.T) {
			bound, analyzed := bindAndAnalyze(t, s, c.q, c.args)
			ok, fresh := reusablePlan(analyzed)
			want := facts{
				Folds:          foldsAtAnalysis(bound),
				Params:         countNodeParams(bound),
				Unusable:       !ok,
				Keyed:          hasKeyedLookup(analyzed),
				Fresh:          fresh && ok,
				AnalyzedParams: countNodeParams(analyzed),
				Calls:          countRuntimeCalls(bound),
				AnalyzedCalls:  countRuntimeCalls(analyzed),
			}
			bf, af := boundFacts(bound), analyzedFacts(analyzed)
			got := facts{
				Folds:          bf.folds,
				Params:         bf.params,
				Unusable:       af.unusable,
				Keyed:          af.keyed,
				Fresh:          af.fresh && !af.unusable,
				AnalyzedParams: af.params,
				Calls:          bf.calls,
				AnalyzedCalls:  af.calls,
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("planFacts differ from the single walks (-want +got):\n%s", diff)
			}
		})
	}
}

// bindAndAnalyze translates, binds and analyzes q as analyzeQuery does.
func bindAndAnalyze(t *testing.T, s *Session, q string, args []*types.Type) (bound, analyzed sql.Node) {
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
	a := s.eng.gms.Analyzer
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(q))
	bound, qf, err := planbuilder.New(gctx, a.Catalog, nil, s.eng.gms.Parser).BindOnly(res.Stmt, q, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := countNodeParams(bound)
	if want == 0 && len(args) > 0 {
		t.Fatalf("bound plan holds no parameter")
	}
	if analyzed, err = a.Analyze(gctx, bound, nil, qf); err != nil {
		t.Fatal(err)
	}
	return bound, analyzed
}
