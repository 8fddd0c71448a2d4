package session

import (
	"context"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Untyped arguments. A driver or PostgREST that binds a string argument
// with no type (OID 0, as PostgREST binds every filter value) leaves its
// type to the statement, as PostgreSQL's parse analysis does: `id = $1`
// makes $1 the column's type, `lower($1)` makes it text, `$1::uuid`
// makes it uuid. PostgreSQL then reads the string with that type's input
// function and plans the statement with a parameter of that type.
//
// inferParamTypes does the same once per statement text: it translates
// and binds the query with each untyped argument as a parameter of type
// unknown, which the engine's operator and function resolution coerces
// where it is used, exactly as it coerces an untyped string constant. An
// argument every use of which is coerced to one type T gets T (without a
// typmod: a column's typmod applies as an assignment or comparison cast,
// as it does to PostgreSQL's parameter). Later executions convert such
// arguments with T's input function (applyCasts) and run as a parametric
// statement, from the plan cache; an argument that is not valid input
// for T stays a string, and that execution reports the error as before.
// An argument used anywhere without a coercion (`select $1`, `$1 is
// null`) is left untyped, and the statement is translated per execution.

// inferParamTypes returns, for each argument of a query, the type
// inferred for an untyped string argument (nil elsewhere), or nil when it
// infers none. known are the types castTypes already found.
func (s *Session) inferParamTypes(stmt *pg.Node, text string, args []any, known []*types.Type) (out []*types.Type) {
	if !parametricStatement(stmt) {
		return nil
	}
	if insertValues(stmt) != nil || simpleUpdate(stmt) != nil {
		return s.inferAssignedTypes(stmt, args, known)
	}
	if stmt.GetSelectStmt() == nil {
		return nil
	}
	typs := make([]*types.Type, len(args))
	untyped := false
	for i, a := range args {
		if i < len(known) && known[i] != nil {
			typs[i] = known[i]
			continue
		}
		if untypedArg(a) {
			typs[i], untyped = types.Unknown, true
			continue
		}
		_, ts, _, ok := paramArgs([]any{a}, "")
		if !ok {
			return nil // NULL, or a value whose type depends on its use
		}
		typs[i] = ts[0]
	}
	if !untyped {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			out = nil // the statement reports its own errors when it runs
		}
	}()
	secured, err := s.secureStatement(pgtree.Clone(stmt))
	if err != nil {
		return nil
	}
	slots := &paramSlots{}
	tr := &translate.Translator{Env: &s.env, Params: args, Tables: s, Catalog: s.translatorCatalog(), BoundParams: boundParams(slots, typs)}
	res, err := tr.Statement(secured)
	if err != nil || res.Tag != "SELECT" || res.Stmt == nil || res.Cmd != nil {
		return nil
	}
	g := s.eng.gms
	gctx := sql.NewContext(context.Background(), sql.WithSession(s.gms))
	bound, _, err := planbuilder.New(gctx, g.Analyzer.Catalog, g.EventScheduler, g.Parser).BindOnly(res.Stmt, text, nil)
	if err != nil {
		return nil
	}
	uses := make([]int, len(args))
	casts := make([]int, len(args))
	to := make([]*types.Type, len(args))
	conflict := make([]bool, len(args))
	inspectDeep(bound, func(sql.Node) bool { return true }, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *paramExpr:
			if x.slots == slots {
				uses[x.idx]++
			}
		case *expr.Cast:
			p, ok := x.Child.(*paramExpr)
			if !ok || p.slots != slots || p.typ.Kind != types.KindUnknown {
				return true
			}
			t, ok := x.Type().(*types.Type)
			if !ok || to[p.idx] != nil && !to[p.idx].WithMod(-1).Equals(t.WithMod(-1)) {
				conflict[p.idx] = true
				return true
			}
			to[p.idx] = t
			casts[p.idx]++
		}
		return true
	})
	found := false
	out = make([]*types.Type, len(args))
	for i := range args {
		if typs[i].Kind != types.KindUnknown || conflict[i] || uses[i] == 0 || casts[i] != uses[i] || !inferable(to[i]) {
			continue
		}
		out[i], found = to[i].WithMod(-1), true
	}
	if !found {
		return nil
	}
	return out
}

// inferable reports whether an argument may be read as type t before
// the statement runs: a concrete type whose input function depends on
// nothing but the session's settings (not the polymorphic placeholders,
// records, or the reg* types, whose input reads the catalog).
func inferable(t *types.Type) bool {
	if t == nil {
		return false
	}
	if t.Domain != nil {
		return false // a domain's input is its base type's, its checks apply on assignment
	}
	b := t
	switch b.Kind {
	case types.KindUnknown, types.KindVoid, types.KindRecord, types.KindRegclass, types.KindRegtype:
		return false
	case types.KindArray:
		return b.Elem != nil && inferable(b.Elem)
	case types.KindEnum:
		return b.Labels != nil
	}
	return true
}

// inferAssignedTypes types the untyped arguments of INSERT ... VALUES
// and of a single-table UPDATE as PostgreSQL does: a VALUES item or SET
// value that is just $n takes the type of the column it is assigned to.
// An argument used anywhere else as well is left untyped.
func (s *Session) inferAssignedTypes(stmt *pg.Node, args []any, known []*types.Type) []*types.Type {
	var rel *pg.RangeVar
	var cols []*pg.Node     // target columns (ResTarget), in VALUES order
	var values [][]*pg.Node // VALUES rows, or the one row of SET values
	if ins := stmt.GetInsertStmt(); ins != nil {
		rel, cols = ins.GetRelation(), ins.Cols
		for _, row := range insertValues(stmt) {
			values = append(values, row.GetList().GetItems())
		}
	} else {
		u := simpleUpdate(stmt)
		rel, cols = u.GetRelation(), u.TargetList
		row := make([]*pg.Node, len(cols))
		for i, t := range cols {
			row[i] = t.GetResTarget().GetVal()
		}
		values = [][]*pg.Node{row}
	}
	if rel == nil || rel.Catalogname != "" {
		return nil
	}
	t, ok := s.table(s.sqlContext(), rel.Schemaname, rel.Relname)
	if !ok {
		return nil // a view (INSTEAD OF triggers) or no such table
	}
	sch := t.Schema()
	var targets []*types.Type
	if len(cols) == 0 {
		for _, c := range sch {
			ct, _ := c.Type.(*types.Type)
			targets = append(targets, ct)
		}
	} else {
		for _, n := range cols {
			rt := n.GetResTarget()
			if rt == nil || len(rt.Indirection) > 0 {
				return nil
			}
			i := sch.IndexOfColName(rt.Name)
			if i < 0 || sch[i].Name != rt.Name {
				return nil
			}
			ct, _ := sch[i].Type.(*types.Type)
			targets = append(targets, ct)
		}
	}
	refs := make([]int, len(args))
	walkPG(stmt, func(m any) bool {
		if p, ok := m.(*pg.ParamRef); ok && int(p.Number) >= 1 && int(p.Number) <= len(args) {
			refs[p.Number-1]++
		}
		return true
	})
	bare := make([]int, len(args))
	to := make([]*types.Type, len(args))
	for _, row := range values {
		for j, item := range row {
			p := item.GetParamRef()
			if p == nil || int(p.Number) < 1 || int(p.Number) > len(args) || j >= len(targets) || targets[j] == nil {
				continue
			}
			i := int(p.Number) - 1
			if to[i] != nil && !to[i].WithMod(-1).Equals(targets[j].WithMod(-1)) {
				return nil
			}
			to[i] = targets[j]
			bare[i]++
		}
	}
	var out []*types.Type
	for i, a := range args {
		if !untypedArg(a) || i < len(known) && known[i] != nil {
			continue
		}
		if bare[i] == 0 || bare[i] != refs[i] || !inferable(to[i]) {
			continue
		}
		if out == nil {
			out = make([]*types.Type, len(args))
		}
		out[i] = to[i].WithMod(-1)
	}
	return out
}

// untypedArg reports whether an argument takes its type from its use: a
// string bound with no type, or NULL.
func untypedArg(a any) bool {
	switch a.(type) {
	case nil, string:
		return true
	}
	return false
}
