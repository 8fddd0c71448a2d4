package session

import (
	"context"
	"github.com/tinybase/tinybase/internal/pgtree"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// bindParamNames returns a copy of a body statement where references to
// the routine's parameters by name (a, or fname.a) are $n parameters. As
// in PostgreSQL, a column of a table the statement reads wins over a
// parameter of the same name (docs 38.5.1).
func (s *Session) bindParamNames(node *pg.Node, params *routine.Params) *pg.Node {
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
			if t, ok := s.findTable(rv.Schemaname, rv.Relname); ok {
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
		f := names(cr.Fields)
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

func names(ns []*pg.Node) []string {
	out := make([]string, 0, len(ns))
	for _, n := range ns {
		if s := n.GetString_(); s != nil {
			out = append(out, s.Sval)
		} else {
			out = append(out, "*")
		}
	}
	return out
}

// walkPGNodes calls f on every pg.Node in a tree (parents before children).
func walkPGNodes(n *pg.Node, f func(*pg.Node)) {
	if n == nil {
		return
	}
	walkNodes(n, func(m any) {
		if pn, ok := m.(*pg.Node); ok {
			f(pn)
		}
	})
}

// routineValidator is what a language handler's Validate sees.
type routineValidator struct {
	s          *Session
	body       string
	sqlBodyLoc int
}

var _ routine.Validator = (*routineValidator)(nil)

func (v *routineValidator) Catalog() *catalog.Catalog { return v.s.catalog() }

func (v *routineValidator) SourceText() (string, int) {
	if v.sqlBodyLoc >= 0 {
		return v.s.curSQL, v.sqlBodyLoc
	}
	return v.s.curSQL, strings.Index(v.s.curSQL, v.body)
}

// Analyze translates and plans a statement without running it; whatever
// planning touches is rolled back.
func (v *routineValidator) Analyze(ctx context.Context, sqlText string, params *routine.Params) ([]routine.Column, error) {
	s := v.s
	st, err := prepareRoutineStmt(sqlText, params)
	if err != nil {
		return nil, err
	}
	res, err := st.translation(s)
	if err != nil {
		return nil, err
	}
	if res.Stmt == nil {
		return nil, nil
	}
	txn := s.StorageTxn()
	mark := txn.Savepoint()
	defer txn.RollbackTo(mark)
	s.rt.frames = append(s.rt.frames, make([]any, len(st.paramTypes())))
	defer func() { s.rt.frames = s.rt.frames[:len(s.rt.frames)-1] }()
	gctx := sql.NewContext(ctx, sql.WithSession(s), sql.WithQuery(sqlText))
	if err := s.prepareDML(gctx, res.Stmt); err != nil {
		return nil, mapError(err)
	}
	schema, iter, _, err := s.eng.gms.QueryWithBindings(gctx, sqlText, res.Stmt, nil, nil)
	if err != nil {
		return nil, s.routineError(err, res)
	}
	if iter != nil {
		closeUnstarted(gctx, iter)
	}
	if res.Tag != "SELECT" && !res.Returning {
		return nil, nil
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

// routineError maps a planning error of a body statement.
func (s *Session) routineError(err error, res translate.Result) error {
	if _, ok := pgerror.As(err); ok {
		return err
	}
	return mapError(err)
}

// closeUnstarted closes an iterator that was never read; some GMS
// iterators (grouping) panic on Close before their first row.
func closeUnstarted(ctx *sql.Context, iter sql.RowIter) {
	defer func() { _ = recover() }()
	_ = iter.Close(ctx)
}
