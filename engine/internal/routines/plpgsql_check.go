package routines

import (
	"context"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

var _ routine.PLChecker = (*Caller)(nil)

// CheckPL implements routine.PLChecker (plpgsql_check): the body is
// parsed as a call would parse it and each statement and expression is
// translated and planned with the variables' declared types, as the
// interpreter compiles them, but nothing runs; whatever planning touches
// is rolled back.
func (c *Caller) CheckPL(ctx context.Context, fn *catalog.Function, opt routine.PLCheckOptions) ([]routine.PLFinding, error) {
	return c.checkPL(ctx, fn, opt, nil)
}

// DependenciesPL implements routine.PLChecker: the check's walk, every
// statement translated with user function calls kept as calls, and what
// they reference collected (plpgsql_check_deps.go).
func (c *Caller) DependenciesPL(ctx context.Context, fn *catalog.Function, relID uint32) ([]routine.PLDependency, error) {
	deps := &plDeps{seen: map[uint32]bool{}}
	if _, err := c.checkPL(ctx, fn, routine.PLCheckOptions{RelID: relID}, deps); err != nil {
		return nil, err
	}
	return deps.resolve(ctx, &plHost{s: c.h, gctx: c.gctx})
}

func (c *Caller) checkPL(ctx context.Context, fn *catalog.Function, opt routine.PLCheckOptions, deps *plDeps) ([]routine.PLFinding, error) {
	if fn.Language != "plpgsql" {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "%s is not a plpgsql function", fn.Signature())
	}
	pf, err := plpgsql.Parse(plSource(fn))
	if err != nil {
		return nil, err
	}
	pf.Name = strings.ToLower(fn.Name)
	pf.Signature = strings.ReplaceAll(fn.Signature(), ", ", ",")
	host := &plHost{s: c.h, gctx: c.gctx}
	call := plpgsql.Call{RetSet: fn.ReturnsSet}
	for i, a := range fn.Args {
		if a.Mode.IsOutput() {
			call.OutVars = append(call.OutVars, i)
		}
		call.ParamTypes = append(call.ParamTypes, a.Type)
	}
	switch {
	case fn.Result == types.Trigger:
		if opt.RelID == 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "missing trigger relation").WithHint("Trigger relation oid must be valid")
		}
		res, err := host.queryText(ctx, "SELECT "+strconv.FormatUint(uint64(opt.RelID), 10)+"::regclass::text")
		if err != nil {
			return nil, err
		}
		name, _ := res.Rows[0][0].(string)
		rt, err := host.ResolveType(ctx, name+"%ROWTYPE")
		if err != nil {
			return nil, err
		}
		rel := name
		if i := strings.LastIndexByte(rel, '.'); i >= 0 {
			rel = rel[i+1:]
		}
		call.Trigger = &plpgsql.Trigger{RowType: rt, Name: "", When: "BEFORE", Level: "ROW", Op: "INSERT", Table: rel}
	case fn.Result == nil || fn.Result.Kind == types.KindVoid:
		call.RetType = types.Void
	default:
		call.RetType = fn.Result
	}
	txn := c.h.StorageTxn()
	mark := txn.Savepoint()
	defer txn.RollbackTo(mark)
	fs, err := plpgsql.Check(ctx, plDescriber{h: host, deps: deps}, pf, call, plpgsql.CheckOptions{FatalErrors: opt.FatalErrors, OtherWarnings: opt.OtherWarnings, ExtraWarnings: opt.ExtraWarnings})
	if err != nil {
		return nil, err
	}
	out := make([]routine.PLFinding, len(fs))
	for i, f := range fs {
		out[i] = routine.PLFinding(f)
	}
	return out, nil
}

// plDescriber compiles a body's Expr as plHost.plan does (without the
// privilege rewrite, which a check does not need) and plans it.
type plDescriber struct {
	h *plHost
	// deps, when set, collects what each statement references.
	deps *plDeps
}

func (d plDescriber) ResolveType(ctx context.Context, name string) (*types.Type, error) {
	return d.h.ResolveType(ctx, name)
}

func (d plDescriber) Describe(ctx context.Context, fr *plpgsql.Frame, e *plpgsql.Expr) ([]string, []*types.Type, []int, error) {
	text := e.Text
	if !e.Query {
		text = "SELECT " + text
	}
	tree, err := pgtree.Parse(text)
	if err != nil {
		return nil, nil, nil, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) != 1 {
		return nil, nil, nil, pgerror.New(pgerror.SyntaxError, "query \"%s\" returned %d columns", e.Text, len(tree.Stmts))
	}
	p := &plPlan{}
	tr := d.h.translator(fr, e, p)
	if d.deps != nil {
		tr.OnRoutineCall = d.deps.routine
	}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		return nil, nil, p.vars, d.h.s.MapError(err)
	}
	if d.deps != nil && res.Stmt != nil {
		d.deps.collect(res.Stmt)
	}
	if res.Stmt == nil || res.Tag != "SELECT" && callsFunctions(tree.Stmts[0].Stmt) {
		// planning an INSERT, UPDATE or DELETE may evaluate its VALUES
		// (nextval would advance): one calling functions is checked as
		// translated only
		return nil, nil, p.vars, nil
	}
	exit := d.h.Enter(fr)
	defer exit()
	gctx := sql.NewContext(ctx, sql.WithSession(d.h.s.GMSSession()), sql.WithQuery(text))
	schema, err := d.h.s.AnalyzeBody(gctx, text, res)
	if err != nil {
		return nil, nil, p.vars, d.h.s.MapError(err)
	}
	if res.Tag != "SELECT" && !res.Returning {
		return nil, nil, p.vars, nil
	}
	names := make([]string, len(schema))
	typs := make([]*types.Type, len(schema))
	for i, col := range schema {
		names[i], typs[i] = col.Name, expr.FromGMSType(col.Type)
	}
	return names, typs, p.vars, nil
}

// callsFunctions reports whether a statement calls any function.
func callsFunctions(n *pg.Node) bool {
	calls := false
	pgtree.Walk(n, func(m any) bool {
		if _, ok := m.(*pg.FuncCall); ok {
			calls = true
		}
		return !calls
	})
	return calls
}
