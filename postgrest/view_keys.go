package postgrest

import (
	"context"
	"github.com/tinybase/tinybase/internal/pgtree"
	"sort"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// Relationships through views (PostgREST docs: Resource Embedding, "Embedding
// Views"). PostgREST reads each view's rewrite rule and follows every
// output column that is a plain column reference back to its source table
// column (resorigtbl / resorigcol), through views over views; a view whose
// columns cover a foreign key's columns takes part in that key's
// relationships, and one covering its base table's primary key gets it as
// its own. The same origins are read here from pg_get_viewdef, which both
// PostgreSQL and the engine serve, parsed with PostgreSQL's own parser.

const viewsSQL = `select c.oid::int8::text, pg_catalog.pg_get_viewdef(c.oid)
from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('v','m') and n.nspname = any($1)`

// colOrigin is the table column a view column shows.
type colOrigin struct {
	t   *Table
	col string
}

// viewOrigins resolves views' columns to base table columns.
type viewOrigins struct {
	c       *schemaCache
	hidden  map[string]*Table // tables of schemas that are not exposed, "schema.name"
	schemas []string
	defs    map[*Table]string
	done    map[*Table]map[string]colOrigin
	busy    map[*Table]bool
}

// of returns v's column origins (nil for a view it cannot follow).
func (o *viewOrigins) of(v *Table) map[string]colOrigin {
	if m, ok := o.done[v]; ok {
		return m
	}
	if o.busy[v] {
		return nil
	}
	o.busy[v] = true
	m := o.parse(v, o.defs[v])
	delete(o.busy, v)
	o.done[v] = m
	return m
}

type fromItem struct {
	name string // alias, or the relation's name
	t    *Table // nil: not a relation in the cache (subquery, function, CTE)
	// sub are a subquery's or CTE's output columns in order, or a
	// relation's under an alias column list; nil when not followed.
	sub []outCol
}

// outCol is one output column of a SELECT and the table column it shows,
// if any (PostgreSQL's resorigtbl / resorigcol).
type outCol struct {
	name string
	r    colOrigin
	ok   bool
}

// renamed applies an alias column list to cols by position.
func renamed(cols []outCol, names []*pg.Node) []outCol {
	if len(names) == 0 {
		return cols
	}
	out := append([]outCol(nil), cols...)
	for i, n := range names {
		if i < len(out) {
			out[i].name = n.GetString_().GetSval()
		}
	}
	return out
}

func (o *viewOrigins) lookup(schema, name string, in *Table) *Table {
	if schema != "" {
		if t := o.c.table(schema, name); t != nil {
			return t
		}
		return o.hidden[schema+"."+name]
	}
	if t := o.c.table(in.Schema, name); t != nil {
		return t
	}
	for _, s := range o.schemas {
		if t := o.c.table(s, name); t != nil {
			return t
		}
	}
	return nil
}

func (o *viewOrigins) fromItems(n *pg.Node, in *Table, ctes map[string][]outCol, out []fromItem) []fromItem {
	switch x := n.Node.(type) {
	case *pg.Node_RangeVar:
		rv := x.RangeVar
		it := fromItem{name: rv.Relname}
		var colnames []*pg.Node
		if a := rv.Alias; a != nil && a.Aliasname != "" {
			it.name, colnames = a.Aliasname, a.Colnames
		}
		if cols, isCTE := ctes[rv.Relname]; isCTE && rv.Schemaname == "" {
			if cols != nil {
				it.sub = renamed(cols, colnames)
			}
			return append(out, it)
		}
		it.t = o.lookup(rv.Schemaname, rv.Relname, in)
		if len(colnames) > 0 && it.t != nil {
			// renamed columns map to the relation's by position
			cols := make([]outCol, 0, len(it.t.Columns))
			for _, c := range it.t.Columns {
				r, ok := o.origin(fromItem{t: it.t}, c.Name)
				cols = append(cols, outCol{c.Name, r, ok})
			}
			it.t, it.sub = nil, renamed(cols, colnames)
		}
		return append(out, it)
	case *pg.Node_JoinExpr:
		if j := x.JoinExpr; j.Alias != nil {
			it := fromItem{name: j.Alias.Aliasname}
			l, lok := o.itemCols(j.Larg, in, ctes)
			r, rok := o.itemCols(j.Rarg, in, ctes)
			if lok && rok {
				it.sub = renamed(joinCols(j, l, r), j.Alias.Colnames)
			}
			return append(out, it)
		}
		out = o.fromItems(x.JoinExpr.Larg, in, ctes, out)
		return o.fromItems(x.JoinExpr.Rarg, in, ctes, out)
	case *pg.Node_RangeSubselect:
		if a := x.RangeSubselect.Alias; a != nil {
			it := fromItem{name: a.Aliasname}
			if cols, exact := o.selectOrigins(x.RangeSubselect.Subquery.GetSelectStmt(), in, ctes); exact {
				it.sub = renamed(cols, a.Colnames)
			}
			return append(out, it)
		}
	case *pg.Node_RangeFunction:
		if a := x.RangeFunction.Alias; a != nil {
			return append(out, fromItem{name: a.Aliasname})
		}
	}
	return out
}

// itemCols are the output columns of one side of a join, in order; ok is
// false when a side is not followed.
func (o *viewOrigins) itemCols(n *pg.Node, in *Table, ctes map[string][]outCol) (cols []outCol, ok bool) {
	for _, it := range o.fromItems(n, in, ctes, nil) {
		switch {
		case it.sub != nil:
			cols = append(cols, it.sub...)
		case it.t != nil:
			for _, c := range it.t.Columns {
				r, ok := o.origin(it, c.Name)
				cols = append(cols, outCol{c.Name, r, ok})
			}
		default:
			return nil, false
		}
	}
	return cols, true
}

// joinCols are an aliased join's columns as PostgreSQL orders them: the
// USING (or NATURAL) columns first — from the left side, the right side
// for a RIGHT JOIN, without an origin for a FULL JOIN (a COALESCE) — then
// the other left columns, then the other right columns.
func joinCols(j *pg.JoinExpr, l, r []outCol) []outCol {
	var using []string
	for _, n := range j.UsingClause {
		using = append(using, n.GetString_().GetSval())
	}
	if j.IsNatural {
		for _, lc := range l {
			for _, rc := range r {
				if lc.name == rc.name {
					using = append(using, lc.name)
					break
				}
			}
		}
	}
	find := func(cols []outCol, name string) outCol {
		for _, c := range cols {
			if c.name == name {
				return c
			}
		}
		return outCol{name: name}
	}
	merged := map[string]bool{}
	var out []outCol
	for _, u := range using {
		merged[u] = true
		c := find(l, u)
		switch j.Jointype {
		case pg.JoinType_JOIN_RIGHT:
			c = find(r, u)
		case pg.JoinType_JOIN_FULL:
			c = outCol{name: u}
		}
		out = append(out, c)
	}
	for _, side := range [][]outCol{l, r} {
		for _, c := range side {
			if !merged[c.name] {
				out = append(out, c)
			}
		}
	}
	return out
}

// origin follows column col of a FROM item to a base table column.
func (o *viewOrigins) origin(it fromItem, col string) (colOrigin, bool) {
	if it.sub != nil {
		for _, c := range it.sub {
			if c.name == col {
				return c.r, c.ok
			}
		}
		return colOrigin{}, false
	}
	if it.t == nil || it.t.Column(col) == nil {
		return colOrigin{}, false
	}
	if it.t.Kind == "v" || it.t.Kind == "m" {
		r, ok := o.of(it.t)[col]
		return r, ok
	}
	return colOrigin{it.t, col}, true
}

func (o *viewOrigins) parse(v *Table, def string) map[string]colOrigin {
	tree, err := pgtree.Parse(def)
	if err != nil || len(tree.Stmts) != 1 {
		return nil
	}
	cols, _ := o.selectOrigins(tree.Stmts[0].Stmt.GetSelectStmt(), v, nil)
	if cols == nil {
		return nil
	}
	out := map[string]colOrigin{}
	for _, c := range cols {
		if _, seen := out[c.name]; c.ok && !seen && v.Column(c.name) != nil {
			out[c.name] = c.r
		}
	}
	return out
}

// has reports whether a FROM item has column col.
func (it fromItem) has(col string) bool {
	if it.sub != nil {
		for _, c := range it.sub {
			if c.name == col {
				return true
			}
		}
		return false
	}
	return it.t != nil && it.t.Column(col) != nil
}

// selectOrigins follows a SELECT's output columns to table columns as
// PostgreSQL's markTargetListOrigins does: plain column references,
// through views, subqueries in FROM and WITH queries (alias column lists
// rename by position), never through set operations (UNION, INTERSECT,
// EXCEPT: their columns have no origin) or a WITH query's reference to
// itself. exact is false when a * over something not followed leaves the
// columns' positions unknown.
func (o *viewOrigins) selectOrigins(sel *pg.SelectStmt, in *Table, ctes map[string][]outCol) (cols []outCol, exact bool) {
	if sel == nil || sel.Op != pg.SetOperation_SETOP_NONE || len(sel.ValuesLists) > 0 {
		return nil, false
	}
	if w := sel.WithClause; w != nil && len(w.Ctes) > 0 {
		scope := make(map[string][]outCol, len(ctes)+len(w.Ctes))
		for k, c := range ctes {
			scope[k] = c
		}
		for _, n := range w.Ctes {
			cte := n.GetCommonTableExpr()
			if cte == nil {
				continue
			}
			if w.Recursive {
				scope[cte.Ctename] = nil // a reference to itself is not followed
			}
			var c []outCol
			if cc, ok := o.selectOrigins(cte.Ctequery.GetSelectStmt(), in, scope); ok {
				c = renamed(cc, cte.Aliascolnames)
			}
			scope[cte.Ctename] = c
		}
		ctes = scope
	}
	var from []fromItem
	for _, n := range sel.FromClause {
		from = o.fromItems(n, in, ctes, from)
	}
	exact = true
	star := func(items []fromItem) {
		for _, it := range items {
			switch {
			case it.sub != nil:
				cols = append(cols, it.sub...)
			case it.t != nil:
				for _, c := range it.t.Columns {
					r, ok := o.origin(it, c.Name)
					cols = append(cols, outCol{c.Name, r, ok})
				}
			default:
				exact = false
			}
		}
	}
	for _, n := range sel.TargetList {
		rt := n.GetResTarget()
		if rt == nil {
			continue
		}
		cr := rt.Val.GetColumnRef()
		if cr == nil {
			cols = append(cols, outCol{name: rt.Name})
			continue
		}
		var parts []string
		isStar := false
		for _, f := range cr.Fields {
			if s := f.GetString_(); s != nil {
				parts = append(parts, s.Sval)
			} else if f.GetAStar() != nil {
				isStar = true
			}
		}
		if isStar {
			if len(parts) == 0 {
				star(from)
				continue
			}
			var items []fromItem
			for _, it := range from {
				if it.name == parts[len(parts)-1] {
					items = append(items, it)
				}
			}
			if len(items) == 0 {
				exact = false
			}
			star(items)
			continue
		}
		if len(parts) == 0 {
			cols = append(cols, outCol{name: rt.Name})
			continue
		}
		col := parts[len(parts)-1]
		c := outCol{name: rt.Name}
		if c.name == "" {
			c.name = col
		}
		for _, it := range from {
			if (len(parts) == 1 && it.has(col)) || (len(parts) > 1 && it.name == parts[len(parts)-2]) {
				c.r, c.ok = o.origin(it, col)
				break
			}
		}
		cols = append(cols, c)
	}
	return cols, exact
}

// viewSide is one end of a foreign key: a table or a view over it.
type viewSide struct {
	t    *Table
	cols []string
}

// addViewKeys gives views the primary keys of their base tables and copies
// every foreign key to each pair of (table or view over it) ends whose
// columns the views show, as PostgREST's view relationships do.
func addViewKeys(c *schemaCache, hidden map[string]*Table, schemas []string, defs map[*Table]string, fks []*ForeignKey) []*ForeignKey {
	if len(defs) == 0 {
		return fks
	}
	o := &viewOrigins{c: c, hidden: hidden, schemas: schemas, defs: defs, done: map[*Table]map[string]colOrigin{}, busy: map[*Table]bool{}}
	views := make([]*Table, 0, len(defs))
	for v := range defs {
		views = append(views, v)
	}
	sort.Slice(views, func(i, j int) bool {
		if views[i].Schema != views[j].Schema {
			return views[i].Schema < views[j].Schema
		}
		return views[i].Name < views[j].Name
	})
	// shown[v][base] maps a base table's columns to v's first column showing each.
	shown := map[*Table]map[*Table]map[string]string{}
	over := map[*Table][]*Table{} // base table → views showing some of its columns
	for _, v := range views {
		m := o.of(v)
		for _, col := range v.Columns {
			r, ok := m[col.Name]
			if !ok {
				continue
			}
			if shown[v] == nil {
				shown[v] = map[*Table]map[string]string{}
			}
			if shown[v][r.t] == nil {
				shown[v][r.t] = map[string]string{}
				over[r.t] = append(over[r.t], v)
			}
			if _, dup := shown[v][r.t][r.col]; !dup {
				shown[v][r.t][r.col] = col.Name
			}
		}
	}
	mapCols := func(v, base *Table, cols []string) ([]string, bool) {
		out := make([]string, len(cols))
		for i, c := range cols {
			n, ok := shown[v][base][c]
			if !ok {
				return nil, false
			}
			out[i] = n
		}
		return out, len(cols) > 0
	}
	for _, v := range views {
		if len(v.PK) > 0 {
			continue
		}
		for _, col := range v.Columns { // base tables in the order the view shows them
			r, ok := o.of(v)[col.Name]
			if !ok {
				continue
			}
			if pk, ok := mapCols(v, r.t, r.t.PK); ok {
				v.PK = pk
				v.Uniques = append(v.Uniques, pk)
				break
			}
		}
	}
	sides := func(t *Table, cols []string) []viewSide {
		out := []viewSide{{t, cols}}
		for _, v := range over[t] {
			if vc, ok := mapCols(v, t, cols); ok {
				out = append(out, viewSide{v, vc})
			}
		}
		return out
	}
	out := fks
	for _, fk := range fks {
		froms, tos := sides(fk.From, fk.FromCols), sides(fk.To, fk.ToCols)
		for i, f := range froms {
			for j, to := range tos {
				if i == 0 && j == 0 {
					continue
				}
				out = append(out, &ForeignKey{Name: fk.Name, From: f.t, FromCols: f.cols, To: to.t, ToCols: to.cols})
			}
		}
	}
	return out
}

// hiddenSchemas lists the schemas outside exposed (and outside the
// system schemas) whose relations views name.
func hiddenSchemas(defs map[*Table]string, exposed []string) []string {
	skip := map[string]bool{"pg_catalog": true, "information_schema": true}
	for _, s := range exposed {
		skip[s] = true
	}
	seen := map[string]bool{}
	var out []string
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		switch x := n.Node.(type) {
		case *pg.Node_RangeVar:
			if s := x.RangeVar.Schemaname; s != "" && !skip[s] && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		case *pg.Node_JoinExpr:
			walk(x.JoinExpr.Larg)
			walk(x.JoinExpr.Rarg)
		}
	}
	for _, def := range defs {
		tree, err := pgtree.Parse(def)
		if err != nil || len(tree.Stmts) != 1 {
			continue
		}
		if sel := tree.Stmts[0].Stmt.GetSelectStmt(); sel != nil {
			for _, n := range sel.FromClause {
				walk(n)
			}
		}
	}
	sort.Strings(out)
	return out
}

// viewColumns gives the views the catalog lists without columns (the
// engine's pg_attribute has no rows for views) their column names: from
// the parsed definition, which needs no privilege on the view, else by
// describing the view inside a savepoint, where a view the schema cache's
// role may not read keeps no columns instead of failing the load.
func viewColumns(ctx context.Context, q Querier, c *schemaCache, hidden map[string]*Table, schemas []string, defs map[*Table]string, byOID map[string]*Table) error {
	o := &viewOrigins{c: c, hidden: hidden, schemas: schemas, defs: defs, busy: map[*Table]bool{}}
	oids := make([]string, 0, len(byOID))
	for oid := range byOID {
		oids = append(oids, oid)
	}
	sort.Strings(oids)
	for _, oid := range oids {
		t := byOID[oid]
		if len(t.Columns) > 0 || (t.Kind != "v" && t.Kind != "m") {
			continue
		}
		if o.fillColumns(t) {
			continue
		}
		if _, err := q.Query(ctx, "savepoint pgrst_describe"); err != nil {
			return err
		}
		res, err := q.Query(ctx, "select * from "+qi(t.Schema)+"."+qi(t.Name)+" limit 0")
		if err != nil {
			if _, err := q.Query(ctx, "rollback to savepoint pgrst_describe"); err != nil {
				return err
			}
			continue
		}
		setColumns(t, res.Columns)
		if _, err := q.Query(ctx, "release savepoint pgrst_describe"); err != nil {
			return err
		}
	}
	return nil
}

func setColumns(t *Table, names []string) {
	for i, name := range names {
		col := &Column{Name: name, Type: "text", Position: i + 1}
		t.Columns = append(t.Columns, col)
		t.byName[name] = col
		t.colByNum[i+1] = col
	}
}

// fillColumns names v's columns from its definition as PostgreSQL names
// a SELECT's output columns (alias, column name, function name, else
// ?column?; * expands to the relations' columns; a set operation takes its
// first branch's names). It reports false when the definition cannot be
// followed.
func (o *viewOrigins) fillColumns(v *Table) bool {
	if len(v.Columns) > 0 {
		return true
	}
	def, ok := o.defs[v]
	if !ok || o.busy[v] {
		return false
	}
	o.busy[v] = true
	defer delete(o.busy, v)
	tree, err := pgtree.Parse(def)
	if err != nil || len(tree.Stmts) != 1 {
		return false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	for sel != nil && sel.Op != pg.SetOperation_SETOP_NONE {
		sel = sel.Larg
	}
	if sel == nil || len(sel.ValuesLists) > 0 {
		return false
	}
	var from []fromItem
	for _, n := range sel.FromClause {
		from = o.fromItems(n, v, nil, from)
	}
	var names []string
	expand := func(items []fromItem) bool {
		for _, it := range items {
			if it.t == nil || !o.fillColumns(it.t) {
				return false
			}
			for _, c := range it.t.Columns {
				names = append(names, c.Name)
			}
		}
		return true
	}
	for _, n := range sel.TargetList {
		rt := n.GetResTarget()
		if rt == nil {
			return false
		}
		if rt.Name != "" {
			names = append(names, rt.Name)
			continue
		}
		val := rt.Val
		if tc := val.GetTypeCast(); tc != nil && tc.Arg.GetColumnRef() != nil {
			val = tc.Arg
		}
		switch {
		case val.GetColumnRef() != nil:
			var parts []string
			star := false
			for _, f := range val.GetColumnRef().Fields {
				if s := f.GetString_(); s != nil {
					parts = append(parts, s.Sval)
				} else if f.GetAStar() != nil {
					star = true
				}
			}
			switch {
			case star && len(parts) == 0:
				if !expand(from) {
					return false
				}
			case star:
				var items []fromItem
				for _, it := range from {
					if it.name == parts[len(parts)-1] {
						items = append(items, it)
					}
				}
				if len(items) == 0 || !expand(items) {
					return false
				}
			case len(parts) > 0:
				names = append(names, parts[len(parts)-1])
			default:
				return false
			}
		case val.GetFuncCall() != nil:
			fn := val.GetFuncCall().Funcname
			names = append(names, fn[len(fn)-1].GetString_().GetSval())
		case val.GetTypeCast() != nil:
			tn := val.GetTypeCast().TypeName.Names
			names = append(names, tn[len(tn)-1].GetString_().GetSval())
		default:
			names = append(names, "?column?")
		}
	}
	setColumns(v, names)
	return true
}
