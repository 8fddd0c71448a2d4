package routines

import (
	"context"
	"errors"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// bindParamNames returns a copy of a body statement where references to
// the routine's parameters by name (a, or fname.a) are $n parameters. As
// in PostgreSQL, a column of a table the statement reads wins over a
// parameter of the same name (docs 38.5.1).
func bindParamNames(h Host, node *pg.Node, params *routine.Params) *pg.Node {
	if params == nil || len(params.Names) == 0 {
		return node
	}
	n := pgtree.Clone(node)
	cols := map[string]bool{}
	rels := map[string]bool{} // relation names and aliases in FROM
	walkPGNodes(n, func(x *pg.Node) {
		if a := x.GetRangeSubselect().GetAlias(); a != nil {
			rels[a.Aliasname] = true
		}
		if a := x.GetRangeFunction().GetAlias(); a != nil {
			rels[a.Aliasname] = true
		}
		if a := x.GetJoinExpr().GetAlias(); a != nil {
			rels[a.Aliasname] = true
		}
		if rv := x.GetRangeVar(); rv != nil {
			rels[rv.Relname] = true
			if rv.Alias != nil {
				rels[rv.Alias.Aliasname] = true
			}
			if t, ok := h.FindTable(rv.Schemaname, rv.Relname); ok {
				for _, c := range t.Schema() {
					cols[c.Name] = true
				}
			}
		}
	})
	walkPGNodes(n, func(x *pg.Node) {
		cr := x.GetColumnRef()
		if cr == nil {
			return
		}
		f := pgtree.Names(cr.Fields)
		var name, field string
		switch {
		case len(f) == 1 && !cols[f[0]]:
			name = f[0]
		case len(f) == 2 && f[0] == params.Qualifier:
			name = f[1]
		case len(f) == 2 && !rels[f[0]] && f[1] != "*":
			// a field of a composite parameter: p.field is (p).field
			name, field = f[0], f[1]
		default:
			return
		}
		for i, pn := range params.Names {
			if pn != "" && pn == name {
				ref := &pg.Node{Node: &pg.Node_ParamRef{ParamRef: &pg.ParamRef{Number: int32(i + 1), Location: cr.Location}}}
				if field == "" {
					x.Node = ref.Node
					return
				}
				x.Node = &pg.Node_AIndirection{AIndirection: &pg.A_Indirection{Arg: ref,
					Indirection: []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: field}}}}}}
				return
			}
		}
	})
	return n
}

// walkPGNodes calls f on every pg.Node in a tree (parents before children).
func walkPGNodes(n *pg.Node, f func(*pg.Node)) {
	if n == nil {
		return
	}
	pgtree.Walk(n, func(m any) bool {
		if pn, ok := m.(*pg.Node); ok {
			f(pn)
		}
		return true
	})
}

// validator is what a language handler's Validate sees.
type validator struct {
	h          Host
	body       string
	sqlBodyLoc int
}

var _ routine.Validator = (*validator)(nil)

func (v *validator) Catalog() *catalog.Catalog { return catalogOf(v.h) }

func (v *validator) SourceText() (string, int) {
	text := v.h.SQLText()
	if v.sqlBodyLoc >= 0 {
		return text, v.sqlBodyLoc
	}
	return text, strings.Index(text, v.body)
}

// Analyze translates and plans a statement without running it; whatever
// planning touches is rolled back.
func (v *validator) Analyze(ctx context.Context, sqlText string, params *routine.Params) ([]routine.Column, error) {
	h := v.h
	st, err := Prepare(sqlText, params)
	if err != nil {
		return nil, err
	}
	res, _, err := st.translation(h)
	if err != nil {
		return nil, err
	}
	if d, ok := res.Cmd.(*translate.DML); ok && d.Merge != nil {
		// MERGE's join holds its conditions and source (translate/merge.go)
		res = translate.Result{Stmt: d.Merge.Select, Tag: "MERGE"}
	}
	if res.Stmt == nil && !queryProgram(res) && !stepsReturning(res) {
		return nil, nil
	}
	txn := h.StorageTxn()
	mark := txn.Savepoint()
	defer txn.RollbackTo(mark)
	rs := h.RoutineState()
	rs.frames = append(rs.frames, make([]any, len(st.paramTypes())))
	defer func() { rs.frames = rs.frames[:len(rs.frames)-1] }()
	gctx := sql.NewContext(ctx, sql.WithSession(h.GMSSession()), sql.WithQuery(sqlText))
	schema, err := h.AnalyzeBody(gctx, sqlText, res)
	if err != nil {
		return nil, err
	}
	if res.Tag != "SELECT" && !res.Returning {
		return nil, nil
	}
	if schema == nil {
		// a data-modifying WITH item the host cannot plan without running
		// it: the final statement's columns are unknown, so unchecked
		return nil, errUnchecked
	}
	cols := make([]routine.Column, len(schema))
	for i, c := range schema {
		t := expr.FromGMSType(c.Type)
		if t.Kind == types.KindUnknown {
			t = types.Text
		}
		cols[i] = routine.Column{Name: c.Name, Type: t}
	}
	return cols, nil
}

// stepsReturning reports a DELETE, UPDATE or INSERT ... RETURNING that
// runs as steps (DELETE ... USING, UPDATE ... FROM, ON CONFLICT): the
// host binds its RETURNING columns.
func stepsReturning(res translate.Result) bool {
	d, ok := res.Cmd.(*translate.DML)
	return ok && res.Returning && d.Stmt == nil && (d.Delete != nil || d.Update != nil || d.Upsert != nil)
}

// errUnchecked is Analyze's answer for a statement whose result columns
// cannot be known without running it.
var errUnchecked = errors.New("result columns unknown until run")

// queryProgram reports a query with data-modifying WITH items (WITH u AS
// (UPDATE ...) SELECT ...): its final columns are the main query's.
func queryProgram(res translate.Result) bool {
	d, ok := res.Cmd.(*translate.DML)
	return ok && d.Stmt != nil && d.Delete == nil && d.Update == nil && d.Upsert == nil && res.Tag == "SELECT"
}
