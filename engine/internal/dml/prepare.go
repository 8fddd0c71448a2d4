package dml

import (
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Prepare adjusts an INSERT or UPDATE before GMS plans it, where the
// table's columns are known: it checks target columns with PostgreSQL's
// errors, coerces VALUES items and SET values to the column types with
// assignment casts (PostgreSQL decides this at plan time: docs 10.4,
// "Value Storage"), and expands * in RETURNING, which GMS leaves
// unresolved. Statements on unknown tables are left for GMS to reject.
func Prepare(h Host, gctx *sql.Context, stmt sqlparser.Statement) error {
	switch st := stmt.(type) {
	case *sqlparser.Insert:
		return prepareInsert(h, gctx, st)
	case *sqlparser.Update:
		return prepareUpdate(h, gctx, st)
	}
	return nil
}

// relation is a table visible to a RETURNING list, under its alias.
type relation struct {
	name string
	cols sql.Schema
}

func namedTable(h Host, gctx *sql.Context, tn sqlparser.TableName) *storage.Table {
	tbl, err := lookupTable(h, gctx, translate.TableRef{Schema: tn.SchemaQualifier.String(), Name: tn.Name.String()})
	if err != nil {
		return nil
	}
	return tbl
}

func prepareInsert(h Host, gctx *sql.Context, ins *sqlparser.Insert) error {
	tbl := namedTable(h, gctx, ins.Table)
	if tbl == nil {
		return nil
	}
	sch := tbl.Schema()
	var idx []int
	if len(ins.Columns) > 0 {
		names := make([]string, len(ins.Columns))
		for i, c := range ins.Columns {
			names[i] = c.String()
		}
		var err error
		if idx, err = insertColumns(tbl, names, nil); err != nil {
			return err
		}
	}
	if av, ok := ins.Rows.(*sqlparser.AliasedValues); ok && len(av.Values) > 0 && len(av.Values[0]) > 0 {
		width := len(av.Values[0])
		for _, row := range av.Values {
			if len(row) != width {
				return pgerror.New(pgerror.SyntaxError, "VALUES lists must all be the same length")
			}
		}
		if idx == nil {
			if width > len(sch) {
				return pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
			}
			for i := 0; i < width; i++ {
				idx = append(idx, i)
				ins.Columns = append(ins.Columns, sqlparser.NewColIdent(sch[i].Name))
			}
		}
		switch {
		case width > len(idx):
			return pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
		case width < len(idx):
			return pgerror.New(pgerror.SyntaxError, "INSERT has more target columns than expressions")
		}
		for _, row := range av.Values {
			for i, e := range row {
				row[i] = assign(h, e, sch[idx[i]])
			}
		}
	}
	if src, ok := ins.Rows.(sqlparser.SelectStatement); ok {
		if err := prepareInsertQuery(h, gctx, ins, src, sch, idx); err != nil {
			return err
		}
	}
	ins.Returning = expandStars(ins.Returning, []relation{{name: tbl.Name(), cols: sch}})
	return nil
}

// sourceAlias names the query of INSERT ... SELECT once prepareInsertQuery
// has wrapped it.
const sourceAlias = "*insert source*"

// prepareInsertQuery wraps the query of INSERT ... SELECT as SELECT
// assign(c1), ... FROM (query) AS source(c1, ...), so its columns are
// assignment-cast to the target columns at plan time. The query is planned
// once first to learn its width.
func prepareInsertQuery(h Host, gctx *sql.Context, ins *sqlparser.Insert, src sqlparser.SelectStatement, sch sql.Schema, idx []int) error {
	if sel, ok := src.(*sqlparser.Select); ok && len(sel.From) == 1 {
		if ate, ok := sel.From[0].(*sqlparser.AliasedTableExpr); ok && ate.As.String() == sourceAlias {
			return nil // already prepared
		}
	}
	probe := src
	if ins.With != nil {
		probe = &sqlparser.Select{With: ins.With, SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}},
			From: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: &sqlparser.Subquery{Select: src}, As: sqlparser.NewTableIdent(sourceAlias)}}}
	}
	// Binding is enough to learn the width; running the probe would
	// build iterators GMS cannot close unread (an aggregate's).
	bound, err := h.BindSchema(gctx, probe)
	if err != nil {
		return err
	}
	width := len(bound)
	if idx == nil {
		if width > len(sch) {
			return pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
		}
		for i := 0; i < width; i++ {
			idx = append(idx, i)
			ins.Columns = append(ins.Columns, sqlparser.NewColIdent(sch[i].Name))
		}
	}
	switch {
	case width > len(idx):
		return pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
	case width < len(idx):
		return pgerror.New(pgerror.SyntaxError, "INSERT has more target columns than expressions")
	}
	sub := &sqlparser.Subquery{Select: src}
	wrap := &sqlparser.Select{From: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: sub, As: sqlparser.NewTableIdent(sourceAlias)}}}
	for i := 0; i < width; i++ {
		name := "c" + strconv.Itoa(i+1)
		sub.Columns = append(sub.Columns, sqlparser.NewColIdent(name))
		cn := &sqlparser.ColName{Name: sqlparser.NewColIdent(name), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(sourceAlias)}}
		wrap.SelectExprs = append(wrap.SelectExprs, &sqlparser.AliasedExpr{Expr: assign(h, cn, sch[idx[i]]), As: sqlparser.NewColIdent(name)})
	}
	ins.Rows = wrap
	return nil
}

func prepareUpdate(h Host, gctx *sql.Context, up *sqlparser.Update) error {
	var rels []relation
	var target *storage.Table
	for i, te := range up.TableExprs {
		ate, ok := te.(*sqlparser.AliasedTableExpr)
		if !ok {
			continue
		}
		tn, ok := ate.Expr.(sqlparser.TableName)
		if !ok {
			continue
		}
		tbl := namedTable(h, gctx, tn)
		if tbl == nil {
			if i == 0 {
				return nil
			}
			continue
		}
		if i == 0 {
			target = tbl
		}
		name := tbl.Name()
		if !ate.As.IsEmpty() {
			name = ate.As.String()
		}
		rels = append(rels, relation{name: name, cols: tbl.Schema()})
	}
	if target == nil {
		return nil
	}
	sch := target.Schema()
	for _, a := range up.Exprs {
		j := -1
		for k, c := range sch {
			if c.Name == a.Name.Name.String() {
				j = k
			}
		}
		if j < 0 {
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", a.Name.Name.String(), target.Name())
		}
		a.Expr = assign(h, a.Expr, sch[j])
	}
	up.Returning = expandStars(up.Returning, rels)
	return nil
}

// assignName marks the coercions prepareDML adds, so a statement prepared
// twice (ON CONFLICT plans its update once per row) is wrapped once.
const assignName = "assign"

// assign wraps a value in an assignment cast to col's type; DEFAULT stays.
func assign(h Host, e sqlparser.Expr, col *sql.Column) sqlparser.Expr {
	switch x := e.(type) {
	case *sqlparser.Default:
		return e
	case sqlparser.InjectedExpr:
		if p, ok := x.Expression.(*expr.Pending); ok && p.Name == assignName {
			return e
		}
	}
	return sqlparser.InjectedExpr{Expression: &expr.Pending{Name: assignName, Build: func(c []sql.Expression) (sql.Expression, error) {
		return assignCast(h, c[0], col)
	}}, Children: sqlparser.Exprs{e}}
}

// assignCast coerces e to a column's type with assignment rules, failing
// as PostgreSQL does at plan time.
func assignCast(h Host, e sql.Expression, col *sql.Column) (sql.Expression, error) {
	to := expr.FromGMSType(col.Type)
	out, err := expr.Coerce(h.TypesEnv(), e, to, types.CastAssignment)
	if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.DatatypeMismatch {
		from := expr.TypeOf(e)
		ne := pgerror.New(pgerror.DatatypeMismatch, "column %q is of type %s but expression is of type %s", col.Name, to.FormatType(), from.FormatType())
		ne.Hint = "You will need to rewrite or cast the expression."
		return nil, ne
	}
	return out, err
}

// expandStars replaces * and name.* in a RETURNING list by the columns of
// the relations they name.
func expandStars(list sqlparser.SelectExprs, rels []relation) sqlparser.SelectExprs {
	var out sqlparser.SelectExprs
	for _, se := range list {
		star, ok := se.(*sqlparser.StarExpr)
		if !ok {
			out = append(out, se)
			continue
		}
		q := star.TableName.Name.String()
		found := false
		for _, r := range rels {
			if q != "" && q != r.name {
				continue
			}
			found = true
			for _, c := range r.cols {
				cn := &sqlparser.ColName{Name: sqlparser.NewColIdent(c.Name), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(r.name)}}
				out = append(out, &sqlparser.AliasedExpr{Expr: cn, As: sqlparser.NewColIdent(c.Name)})
			}
		}
		if !found {
			out = append(out, se)
		}
	}
	return out
}
