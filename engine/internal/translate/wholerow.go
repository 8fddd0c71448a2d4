package translate

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// rowSource describes a FROM item whose output columns the translator can
// name, so that its alias used as a value becomes a record (PostgreSQL
// docs 8.16.5). typ is the table's row type, nil for an anonymous record.
type rowSource struct {
	cols []string
	typ  *types.Type
	// nullable marks the null-extended side of an outer join, where the
	// whole row of a missing match is NULL rather than a row of NULLs.
	nullable bool
	// scalar marks a function returning a base type, whose whole row is
	// its one column's value (srf_rowsource.go).
	scalar bool
}

// outerSide marks FROM items as the null-extended side of an outer join.
func outerSide(ss []namedSource) []namedSource {
	out := make([]namedSource, len(ss))
	for i, s := range ss {
		out[i] = s
		if s.src != nil {
			c := *s.src
			c.nullable = true
			out[i].src = &c
		}
	}
	return out
}

// namedSource is one FROM item's alias and columns, in FROM order (the
// order * expands in).
type namedSource struct {
	alias string
	src   *rowSource // nil when the columns are unknown
}

// collectRows fills the scope of a SELECT level: its WITH items (visible
// to nested levels too) and the FROM items usable as whole-row values.
func (t *Translator) collectRows(s *pg.SelectStmt, parent *queryScope) {
	ctes := map[string]*rowSource{}
	if parent != nil {
		for k, v := range parent.ctes {
			ctes[k] = v
		}
	}
	t.addCTEs(s.WithClause, ctes)
	t.q.ctes = ctes
	t.markDuplicateTargets(s.FromClause, ctes) // dup_columns.go
	for _, ns := range t.fromSources(s.FromClause, ctes) {
		t.q.fromNames[ns.alias] = true
		t.q.opaque = t.q.opaque || ns.src == nil
		if ns.src != nil && ns.alias != "" {
			t.q.rowCols[ns.alias] = ns.src
		}
	}
}

// overTableRow runs fn with the table rv names as the one FROM item of
// its expressions, so the table's name is its whole row as a value, as in
// an index key `code(org_invite)` calling a function of the row type.
func (t *Translator) overTableRow(rv *pg.RangeVar, fn func()) {
	saved := t.q
	defer func() { t.q = saved }()
	t.q.rowCols = map[string]*rowSource{}
	if src := t.relationSource(rv, nil); src != nil {
		t.q.rowCols[rv.Relname] = src
	}
	fn()
}

// addCTEs registers the columns of WITH items, each seeing the earlier ones.
func (t *Translator) addCTEs(w *pg.WithClause, ctes map[string]*rowSource) {
	if w == nil {
		return
	}
	for _, c := range w.Ctes {
		cte := c.GetCommonTableExpr()
		t.markCTEDuplicates(cte, ctes) // dup_columns.go
		var cols []string
		switch q := cte.Ctequery.Node.(type) {
		case *pg.Node_SelectStmt:
			cols = t.selectColumns(q.SelectStmt, ctes)
		case *pg.Node_InsertStmt:
			cols = t.returningColumns(q.InsertStmt.Relation, q.InsertStmt.ReturningList)
		case *pg.Node_UpdateStmt:
			cols = t.returningColumns(q.UpdateStmt.Relation, q.UpdateStmt.ReturningList)
		case *pg.Node_DeleteStmt:
			cols = t.returningColumns(q.DeleteStmt.Relation, q.DeleteStmt.ReturningList)
		}
		cols = renamed(cols, cte.Aliascolnames)
		if cols == nil {
			delete(ctes, cte.Ctename)
			continue
		}
		ctes[cte.Ctename] = &rowSource{cols: cols}
	}
}

// renamed applies a column alias list to the first columns.
func renamed(cols []string, aliases []*pg.Node) []string {
	if len(aliases) == 0 {
		return cols
	}
	if cols == nil {
		cols = make([]string, 0, len(aliases))
	}
	out := append([]string{}, cols...)
	for i, a := range aliases {
		if i < len(out) {
			out[i] = strVal(a)
		} else {
			out = append(out, strVal(a))
		}
	}
	return out
}

// returningColumns names the output of a RETURNING list.
func (t *Translator) returningColumns(rel *pg.RangeVar, list []*pg.Node) []string {
	if len(list) == 0 || rel == nil {
		return nil
	}
	alias := rel.Relname
	if rel.Alias != nil {
		alias = rel.Alias.Aliasname
	}
	src := []namedSource{{alias: alias, src: t.relationSource(rel, nil)}}
	return targetColumns(list, src)
}

// fromSources lists FROM items with their columns, in order.
func (t *Translator) fromSources(items []*pg.Node, ctes map[string]*rowSource) []namedSource {
	var out []namedSource
	for _, n := range items {
		switch x := n.Node.(type) {
		case *pg.Node_JoinExpr:
			j := x.JoinExpr
			l := t.fromSources([]*pg.Node{j.Larg}, ctes)
			r := t.fromSources([]*pg.Node{j.Rarg}, ctes)
			if j.Alias != nil {
				// an aliased join is one item that hides the ones inside
				// (join_alias.go); its columns are the joined columns,
				// USING merged, when all are known
				var src *rowSource
				if cols := joinColumns(j, l, r); cols != nil {
					src = &rowSource{cols: renamed(cols, j.Alias.Colnames)}
				}
				out = append(out, namedSource{alias: j.Alias.Aliasname, src: src})
				continue
			}
			switch j.Jointype {
			case pg.JoinType_JOIN_LEFT:
				r = outerSide(r)
			case pg.JoinType_JOIN_RIGHT:
				l = outerSide(l)
			case pg.JoinType_JOIN_FULL:
				l, r = outerSide(l), outerSide(r)
			}
			out = append(out, l...)
			out = append(out, r...)
		case *pg.Node_RangeVar:
			rv := x.RangeVar
			alias := rv.Relname
			var colAliases []*pg.Node
			if rv.Alias != nil {
				alias, colAliases = rv.Alias.Aliasname, rv.Alias.Colnames
			}
			out = append(out, namedSource{alias: alias, src: t.relationSource(rv, ctes).renamed(colAliases)})
		case *pg.Node_RangeSubselect:
			rs := x.RangeSubselect
			if rs.Alias == nil {
				continue
			}
			var src *rowSource
			if sub := rs.Subquery.GetSelectStmt(); sub != nil {
				if cols := t.selectColumns(sub, ctes); cols != nil {
					src = &rowSource{cols: cols}
				}
			}
			if src == nil && len(rs.Alias.Colnames) > 0 {
				src = &rowSource{}
			}
			out = append(out, namedSource{alias: rs.Alias.Aliasname, src: src.renamed(rs.Alias.Colnames)})
		case *pg.Node_RangeFunction:
			rf := x.RangeFunction
			if rf.Alias == nil {
				out = append(out, t.unaliasedFuncSource(rf))
				continue
			}
			if src := builtinFuncSource(rf, rf.Alias.Aliasname); src != nil {
				out = append(out, namedSource{alias: rf.Alias.Aliasname, src: src})
				continue
			}
			src := t.funcRowSource(rf)
			if src != nil && len(rf.Alias.Colnames) > 0 {
				src = src.renamed(rf.Alias.Colnames)
			} else if len(rf.Alias.Colnames) > 0 {
				src = (&rowSource{}).renamed(rf.Alias.Colnames)
			} else if len(rf.Coldeflist) > 0 {
				src = &rowSource{}
				for _, cd := range rf.Coldeflist {
					src.cols = append(src.cols, cd.GetColumnDef().Colname)
				}
			}
			out = append(out, namedSource{alias: rf.Alias.Aliasname, src: src})
		default:
			out = append(out, namedSource{})
		}
	}
	return out
}

func (s *rowSource) renamed(aliases []*pg.Node) *rowSource {
	if s == nil || len(aliases) == 0 {
		return s
	}
	// renamed columns make the value an anonymous record of new names
	return &rowSource{cols: renamed(s.cols, aliases), typ: s.typ, scalar: s.scalar}
}

// joinColumns is the column list of a join: USING columns first, then
// the rest of each side (PostgreSQL docs 7.2.1.1).
func joinColumns(j *pg.JoinExpr, l, r []namedSource) []string {
	all := func(ss []namedSource) []string {
		var cols []string
		for _, s := range ss {
			if s.src == nil {
				return nil
			}
			cols = append(cols, s.src.cols...)
		}
		return cols
	}
	lc, rc := all(l), all(r)
	if lc == nil || rc == nil {
		return nil
	}
	if len(j.UsingClause) == 0 && !j.IsNatural {
		return append(lc, rc...)
	}
	using := map[string]bool{}
	var out []string
	for _, u := range j.UsingClause {
		using[strVal(u)] = true
		out = append(out, strVal(u))
	}
	if j.IsNatural {
		for _, c := range lc {
			for _, d := range rc {
				if c == d && !using[c] {
					using[c] = true
					out = append(out, c)
				}
			}
		}
	}
	for _, c := range append(lc, rc...) {
		if !using[c] {
			out = append(out, c)
		}
	}
	return out
}

// relationSource resolves a named relation: a WITH item, a view or a table.
func (t *Translator) relationSource(rv *pg.RangeVar, ctes map[string]*rowSource) *rowSource {
	if rv.Schemaname == "" {
		if c, ok := ctes[rv.Relname]; ok {
			return c
		}
	}
	if src := t.systemRelationSource(rv); src != nil {
		return src
	}
	if r := t.reader(); r != nil {
		schemas := []string{rv.Schemaname}
		if rv.Schemaname == "" {
			schemas = r.SearchPath()
		}
		for _, sc := range schemas {
			if _, _, ok := t.catalogTable(r, sc, rv.Relname); ok {
				break
			}
			if v, ok := r.Current().View(catalog.QName{Schema: sc, Name: rv.Relname}); ok {
				fields := make([]types.Field, len(v.Columns))
				for i, c := range v.Columns {
					fields[i] = types.Field{Name: c}
					if i < len(v.Types) {
						fields[i].Type = v.Types[i]
					}
				}
				return &rowSource{cols: append([]string{}, v.Columns...), typ: types.RowType(sc, rv.Relname, fields)}
			}
		}
	}
	if t.Tables == nil {
		return nil
	}
	ti, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
	if !ok || ti == nil {
		return nil
	}
	src := &rowSource{}
	fields := make([]types.Field, len(ti.Columns))
	for i, c := range ti.Columns {
		src.cols = append(src.cols, c.Name)
		fields[i] = types.Field{Name: c.Name, Type: c.Type}
	}
	src.typ = types.RowType(ti.Schema, ti.Name, fields)
	return src
}

// selectColumns names the output columns of a query, expanding * through
// its FROM items; nil when some are unknown.
func (t *Translator) selectColumns(s *pg.SelectStmt, outer map[string]*rowSource) []string {
	if s == nil {
		return nil
	}
	if s.Op != pg.SetOperation_SETOP_NONE {
		return t.selectColumns(s.Larg, outer)
	}
	if len(s.ValuesLists) > 0 {
		n := len(s.ValuesLists[0].GetList().GetItems())
		cols := make([]string, n)
		for i := range cols {
			cols[i] = "column" + itoa(int64(i+1))
		}
		return cols
	}
	ctes := outer
	if s.WithClause != nil {
		ctes = map[string]*rowSource{}
		for k, v := range outer {
			ctes[k] = v
		}
		t.addCTEs(s.WithClause, ctes)
	}
	return targetColumns(s.TargetList, t.fromSources(s.FromClause, ctes))
}

// targetColumns names a SELECT or RETURNING list's columns.
func targetColumns(list []*pg.Node, from []namedSource) []string {
	var cols []string
	for _, n := range list {
		rt := n.GetResTarget()
		cr := rt.Val.GetColumnRef()
		if cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			qual := ""
			if len(cr.Fields) >= 2 {
				qual = strVal(cr.Fields[len(cr.Fields)-2])
			}
			found := false
			for _, s := range from {
				if qual != "" && s.alias != qual {
					continue
				}
				if s.src == nil {
					return nil
				}
				found = true
				cols = append(cols, s.src.cols...)
			}
			if !found {
				return nil
			}
			continue
		}
		name := rt.Name
		if name == "" {
			name = columnName(rt.Val)
		}
		cols = append(cols, name)
	}
	return cols
}

// rowRef finds the FROM item a bare name (or name.*) refers to as a whole
// row: the innermost level whose items have no column of that name but an
// item so aliased.
func (t *Translator) rowRef(alias string) (*rowSource, bool) {
	for q := &t.q; q != nil; q = q.parent {
		for name, other := range q.rowCols {
			if q.hiddenRows[name] {
				continue
			}
			for _, c := range other.cols {
				if DisplayName(c) == alias {
					return nil, false // a column of that name wins, as in PostgreSQL
				}
			}
		}
		if src, ok := q.rowCols[alias]; ok && !q.hiddenRows[alias] {
			return src, true
		}
	}
	return nil, false
}

// wholeRowAlias returns the alias n names as a whole row: a bare FROM-item
// alias or alias.* (as in row_to_json(t.*)).
func wholeRowAlias(n *pg.Node) (string, int32, bool) {
	cr := n.GetColumnRef()
	if cr == nil {
		return "", 0, false
	}
	f := cr.Fields
	switch {
	case len(f) == 1 && f[0].GetString_() != nil:
		return f[0].GetString_().Sval, cr.Location, true
	case len(f) == 2 && f[0].GetString_() != nil && f[1].GetAStar() != nil:
		return f[0].GetString_().Sval, cr.Location, true
	}
	return "", 0, false
}

// wholeRow returns the record for a FROM-item alias used as a value, or
// nil when n is not one.
func (t *Translator) wholeRow(n *pg.Node) sqlparser.Expr {
	alias, loc, ok := wholeRowAlias(n)
	if !ok {
		return nil
	}
	src, ok := t.rowRef(alias)
	if !ok {
		return nil
	}
	if src.scalar {
		return &sqlparser.ColName{Name: sqlparser.NewColIdent(src.cols[0]), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(alias)}}
	}
	var children []sqlparser.Expr
	for _, c := range src.cols {
		children = append(children, &sqlparser.ColName{Name: sqlparser.NewColIdent(c), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(alias)}})
	}
	names := make([]string, len(src.cols))
	for i, c := range src.cols {
		names[i] = DisplayName(c)
	}
	typ, nullable := src.typ, src.nullable
	if typ != nil && typ.IsTableRowType() && len(typ.Fields) == len(names) {
		// a table's whole row keeps its type's field names even under
		// an alias list (FROM t AS x (a, b)), as in PostgreSQL
		for i, f := range typ.Fields {
			names[i] = f.Name
		}
	}
	return t.inject("row", loc, children, func(c []sql.Expression) (sql.Expression, error) {
		r := expr.NewRowCtor(names, c)
		if typ != nil {
			r = r.Typed(typ)
		}
		if nullable {
			r = r.NullWhenEmpty()
		}
		return r, nil
	})
}

// fieldSelect is (value).name on a composite value.
func (t *Translator) fieldSelect(rec sqlparser.Expr, name string) sqlparser.Expr {
	return t.inject("field "+name, -1, []sqlparser.Expr{rec}, func(c []sql.Expression) (sql.Expression, error) {
		e, err := expr.SelectField(c[0], name)
		if err != nil {
			if pe, ok := pgerror.As(err); ok && (pe.Code == pgerror.WrongObjectType || pe.Code == pgerror.UndefinedColumn) {
				if call, ok := t.columnNotationCall(name, c[0]); ok {
					return call, nil
				}
			}
		}
		return e, err
	})
}

// columnNotationCall is value.name as a call name(value): PostgreSQL's
// ParseFuncOrColumn takes attribute notation for a function of one
// argument when no field of that name is there (data.length of a bytea
// is length(data)); ok is false when no such function takes the value.
func (t *Translator) columnNotationCall(name string, arg sql.Expression) (sql.Expression, bool) {
	if _, isRow := arg.(*expr.RowCtor); isRow && expr.TypeOf(arg).OID == types.Record.OID {
		return nil, false // an anonymous row: PostgreSQL's "could not identify column"
	}
	ats := []*types.Type{expr.TypeOf(arg)}
	var one []*catalog.Function
	for _, f := range t.userCandidates([]string{name}) {
		if f.Kind == catalog.KindFunction && len(f.InputArgs()) == 1 && !f.ReturnsSet {
			one = append(one, f)
		}
	}
	for pass := 0; pass < 3; pass++ {
		for _, f := range one {
			if argsMatch(t.Env, f, []int{0}, ats, pass, false, false) {
				e, err := t.bindCall(f, []int{0}, []sql.Expression{arg}, nil, nil, false)
				return e, err == nil
			}
		}
	}
	e, err := expr.NewFuncCall(t.Env, name, []sql.Expression{arg})
	return e, err == nil
}

// compositeTypeName is the composite type tn names, or nil when it names
// no type or another kind of type.
func (t *Translator) compositeTypeName(tn *pg.TypeName) (typ *types.Type) {
	defer func() {
		if recover() != nil {
			typ = nil // an unknown type fails where the cast is translated
		}
	}()
	typ = t.typeName(tn)
	if typ == nil || !typ.Base().IsComposite() || len(tn.ArrayBounds) > 0 {
		return nil
	}
	return typ.Base()
}

// populateAsToRecord rewrites json[b]_populate_record[set](NULL::tbl, j)
// in FROM, PostgREST's way of reading a request body as table rows, into
// json[b]_to_record[set](j) AS (the table's columns): with a NULL base
// record both yield the JSON keys matching the columns, converted as
// jsonb_populate_record does. ok is false for any other call.
func (t *Translator) populateAsToRecord(name string, fc *pg.FuncCall) (newName string, cols []expr.SRFColumn, arg *pg.Node, ok bool) {
	switch name {
	case "json_populate_record", "json_populate_recordset", "jsonb_populate_record", "jsonb_populate_recordset":
	default:
		return "", nil, nil, false
	}
	if len(fc.Args) != 2 {
		return "", nil, nil, false
	}
	tc := fc.Args[0].GetTypeCast()
	if tc == nil || tc.Arg.GetAConst() == nil || !tc.Arg.GetAConst().Isnull {
		return "", nil, nil, false
	}
	parts := names(tc.TypeName.Names)
	rv := &pg.RangeVar{Relname: parts[len(parts)-1]}
	if len(parts) > 1 {
		rv.Schemaname = parts[len(parts)-2]
	}
	var fields []types.Field
	if src := t.relationSource(rv, nil); src != nil && src.typ != nil {
		fields = src.typ.Fields
	} else if typ := t.compositeTypeName(tc.TypeName); typ != nil {
		fields = typ.Fields // CREATE TYPE ... AS (...)
	} else {
		return "", nil, nil, false
	}
	for _, f := range fields {
		if f.Type == nil {
			return "", nil, nil, false
		}
		cols = append(cols, expr.SRFColumn{Name: f.Name, Type: f.Type})
	}
	return strings.Replace(name, "populate", "to", 1), cols, fc.Args[1], true
}

// aliasFunctionNotation is alias.name for a FROM item without a column
// of that name but a function of that name: PostgreSQL's
// ParseFuncOrColumn makes it name(alias), the item's whole row (for a
// function returning a scalar, its value: to_bytea(v) b ... b.length).
// nil when parts is anything else.
func (t *Translator) aliasFunctionNotation(parts []string, loc int32) sqlparser.Expr {
	if len(parts) != 2 || parts[1] == "*" {
		return nil
	}
	src, ok := t.rowRef(parts[0])
	if !ok {
		// a function returning a base type names its one column for
		// the alias, which rowRef then takes for a column
		src, ok = t.scalarRowSource(parts[0])
	}
	if !ok || len(src.cols) == 0 {
		return nil
	}
	for _, c := range src.cols {
		if DisplayName(c) == parts[1] {
			return nil
		}
	}
	// a table's row takes only a user function: the translator's view of
	// a relation's columns is not the planner's (system columns, a
	// catalog shadowed on the search path), and a built-in taking a
	// whole row is rare
	if len(t.userCandidates([]string{parts[1]})) == 0 && (!src.scalar || !expr.Builtins().Has(parts[1])) {
		return nil
	}
	if src.scalar {
		return t.fieldSelect(&sqlparser.ColName{Name: sqlparser.NewColIdent(src.cols[0]), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(parts[0])}}, parts[1])
	}
	row := t.wholeRow(&pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{
		Fields: []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: parts[0]}}}}, Location: loc}}})
	if row == nil {
		return nil
	}
	return t.fieldSelect(row, parts[1])
}

// scalarRowSource is the FROM item alias names when it is a function
// returning a base type.
func (t *Translator) scalarRowSource(alias string) (*rowSource, bool) {
	for q := &t.q; q != nil; q = q.parent {
		if src, ok := q.rowCols[alias]; ok && !q.hiddenRows[alias] {
			return src, src.scalar
		}
	}
	return nil, false
}

// SystemRelations is implemented by a catalog that serves the pg_catalog
// and information_schema relations: their column names, for whole-row
// references (pg_stat_user_tables s ... to_jsonb(s)).
type SystemRelations interface {
	SystemRelationColumns(schema, name string) ([]string, bool)
}

// systemRelationSource is the row source of a catalog relation, which an
// unqualified name reaches first as pg_catalog leads the search path; its
// whole row is a record of its columns. nil when rv names none.
func (t *Translator) systemRelationSource(rv *pg.RangeVar) *rowSource {
	sr, ok := t.Catalog.(SystemRelations)
	if !ok {
		return nil
	}
	schema := rv.Schemaname
	if schema == "" {
		schema = "pg_catalog"
	}
	cols, ok := sr.SystemRelationColumns(schema, rv.Relname)
	if !ok {
		return nil
	}
	return &rowSource{cols: cols}
}
