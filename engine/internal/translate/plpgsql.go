package translate

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Do is DO [LANGUAGE name] 'code' (PostgreSQL docs: SQL command DO).
type Do struct {
	Code     string
	Language string
}

func (*Do) command() {}

// VarResolver resolves a column reference that names a PL/pgSQL variable
// (or a field of a record variable): ok is false for ordinary columns.
type VarResolver func(parts []string) (e sql.Expression, ok bool, err error)

func (t *Translator) doStmt(s *pg.DoStmt) Result {
	d := &Do{Language: "plpgsql"}
	for _, a := range s.Args {
		de := a.GetDefElem()
		if de == nil {
			continue
		}
		switch de.Defname {
		case "as":
			d.Code = de.Arg.GetString_().GetSval()
		case "language":
			d.Language = strings.ToLower(de.Arg.GetString_().GetSval())
		}
	}
	return Result{Cmd: d, Tag: "DO"}
}

// plVar translates a reference to a PL/pgSQL variable, or returns nil.
func (t *Translator) plVar(c *pg.ColumnRef) sqlparser.Expr {
	parts := make([]string, 0, len(c.Fields))
	for _, f := range c.Fields {
		s, ok := f.Node.(*pg.Node_String_)
		if !ok {
			return nil
		}
		parts = append(parts, s.String_.Sval)
	}
	e, ok, err := t.Vars(parts)
	if err != nil {
		if pe, isPG := pgerror.As(err); isPG && pe.Position == 0 {
			pe.Position = int(c.Location) + 1
		}
		panic(err)
	}
	if !ok {
		return nil
	}
	if len(parts) == 1 && t.readsInputColumns() && t.visibleColumn(parts[0]) {
		// the parser resolves the column first (two FROM items holding it
		// are ambiguous without the variable), then PL/pgSQL's hook sees
		// the clash
		t.checkAmbiguousColumn(parts, c.Location) // dup_columns.go
		failVariableConflict(parts[0], c.Location)
	}
	return t.inject("plvar "+strings.Join(parts, "."), c.Location, nil, func([]sql.Expression) (sql.Expression, error) { return e, nil })
}

// failVariableConflict fails for a name that is both a PL/pgSQL variable
// and a column (plpgsql.variable_conflict = error, PostgreSQL's default).
func failVariableConflict(name string, loc int32) {
	e := pgerror.New(pgerror.AmbiguousColumn, "column reference \"%s\" is ambiguous", name).
		WithDetail("It could refer to either a PL/pgSQL variable or a table column.")
	e.Position = int(loc) + 1
	panic(e)
}

// withoutVars stops PL/pgSQL variables resolving until the returned
// func restores them: a view's query names only its own columns.
func (t *Translator) withoutVars() func() {
	saved := t.Vars
	t.Vars = nil
	return func() { t.Vars = saved }
}

// readsInputColumns reports a clause whose bare names are the FROM
// items' columns (not a FROM item's own arguments, which cannot see them).
func (t *Translator) readsInputColumns() bool {
	switch t.q.clause {
	case "WHERE", "JOIN conditions", "HAVING", "GROUP BY":
		return true
	case "":
		return t.q.target > 0 || t.q.dmlInputs
	}
	return false
}

// visibleColumn reports a column of that name in a FROM item the
// expression being translated can see, at its level or an outer one.
func (t *Translator) visibleColumn(name string) bool {
	for q := &t.q; q != nil; q = q.parent {
		if len(q.holders(name)) > 0 { // dup_columns.go
			return true
		}
	}
	return false
}

// ResolveTypeName resolves a parsed type name against the catalog.
func (t *Translator) ResolveTypeName(tn *pg.TypeName) (typ *types.Type, err error) {
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(*pgerror.Error); ok {
				err = pe
				return
			}
			panic(r)
		}
	}()
	return t.typeName(tn), nil
}

// BuildScalar translates a standalone expression (no FROM) straight to a
// tinybase expression, without go-mysql-server: the fast path PL/pgSQL
// uses for simple expressions. ok is false when the expression needs the
// planner (column references, subqueries, aggregates, ...).
func (t *Translator) BuildScalar(n *pg.Node) (e sql.Expression, ok bool, err error) {
	defer func() {
		if r := recover(); r != nil {
			if pe, isPG := r.(*pgerror.Error); isPG {
				e, ok, err = nil, false, pe
				return
			}
			e, ok, err = nil, false, nil
		}
	}()
	v := t.scalar(n)
	return buildInjected(v)
}

func buildInjected(v sqlparser.Expr) (sql.Expression, bool, error) {
	ie, isInj := v.(sqlparser.InjectedExpr)
	if !isInj {
		return nil, false, nil
	}
	p, isPending := ie.Expression.(*expr.Pending)
	if !isPending {
		return nil, false, nil
	}
	children := make([]sql.Expression, len(ie.Children))
	for i, c := range ie.Children {
		ce, ok, err := buildInjected(c)
		if err != nil || !ok {
			return nil, ok, err
		}
		children[i] = ce
	}
	e, err := p.Build(children)
	if err != nil {
		return nil, false, err
	}
	if e == nil {
		return nil, false, fmt.Errorf("translate: %s built nothing", p.Name)
	}
	return e, true, nil
}
