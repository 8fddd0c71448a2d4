package typegen

import (
	"context"
	"fmt"
	"github.com/tinybase/tinybase/internal/pgtree"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
)

// relationship is one entry of postgres-meta's relationships list: a
// foreign key between tables, or the same key seen through views that
// expose all of its columns (PostgREST's view relationships).
type relationship struct {
	fkName      string
	schema      string
	relation    string
	columns     []string
	oneToOne    bool
	refSchema   string
	refRelation string
	refColumns  []string
}

func (c *catalog) attName(rel uint32, num int) string {
	r, ok := c.rels[rel]
	if !ok {
		return ""
	}
	for _, col := range r.cols {
		if col.num == num {
			return col.name
		}
	}
	return ""
}

// relationships reproduces table_relationships.sql and the view expansion
// of PostgresMetaRelationships.list.
func (c *catalog) relationships(ctx context.Context, q querier) ([]relationship, error) {
	// pks_uniques_cols: the column lists (by attnum) of each table's
	// primary key and unique constraints.
	uniques := map[uint32][]string{}
	for _, k := range c.cons {
		if k.kind != 'p' && k.kind != 'u' || k.schema == "pg_catalog" {
			continue
		}
		nums := append([]int(nil), k.key...)
		sortInts(nums)
		var names []string
		for _, n := range nums {
			names = append(names, c.attName(k.rel, n))
		}
		uniques[k.rel] = append(uniques[k.rel], strings.Join(names, "\x00"))
	}
	var tableRels []relationship
	var fks []*constraint
	for _, k := range c.cons {
		if k.kind != 'f' {
			continue
		}
		rel, ok1 := c.rels[k.rel]
		ref, ok2 := c.rels[k.frel]
		if !ok1 || !ok2 || systemSchema(k.schema) {
			continue
		}
		r := relationship{fkName: k.name, schema: k.schema, relation: rel.name, refSchema: ref.schema, refRelation: ref.name}
		for i := range k.key {
			r.columns = append(r.columns, c.attName(k.rel, k.key[i]))
			if i < len(k.fkey) {
				r.refColumns = append(r.refColumns, c.attName(k.frel, k.fkey[i]))
			}
		}
		joined := strings.Join(r.columns, "\x00")
		for _, u := range uniques[k.rel] {
			if u == joined {
				r.oneToOne = true
			}
		}
		tableRels = append(tableRels, r)
		fks = append(fks, k)
	}
	deps, err := c.viewKeyDependencies(ctx, q)
	if err != nil {
		return nil, err
	}
	var viewRels []relationship
	for i, r := range tableRels {
		k := fks[i]
		var toTable, toView []keyDep
		for _, d := range deps {
			if d.con == k && !d.ref {
				toTable = append(toTable, d)
			}
			if d.con == k && d.ref {
				toView = append(toView, d)
			}
		}
		for _, d := range toTable {
			for _, vc := range cartesian(d.viewCols) {
				v := r
				v.schema, v.relation, v.columns = d.view.schema, d.view.name, vc
				viewRels = append(viewRels, v)
			}
		}
		for _, d := range toView {
			for _, vc := range cartesian(d.viewCols) {
				v := r
				v.refSchema, v.refRelation, v.refColumns = d.view.schema, d.view.name, vc
				viewRels = append(viewRels, v)
			}
		}
		for _, d := range toTable {
			for _, vc := range cartesian(d.viewCols) {
				for _, e := range toView {
					for _, rc := range cartesian(e.viewCols) {
						v := r
						v.schema, v.relation, v.columns = d.view.schema, d.view.name, vc
						v.refSchema, v.refRelation, v.refColumns = e.view.schema, e.view.name, rc
						viewRels = append(viewRels, v)
					}
				}
			}
		}
	}
	return append(tableRels, viewRels...), nil
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

func systemSchema(s string) bool {
	return s == "information_schema" || s == "pg_catalog" || s == "pg_toast"
}

func cartesian(lists [][]string) [][]string {
	out := [][]string{nil}
	for _, l := range lists {
		var next [][]string
		for _, prefix := range out {
			for _, e := range l {
				next = append(next, append(append([]string(nil), prefix...), e))
			}
		}
		out = next
	}
	return out
}

// keyDep says that all columns of a foreign key (its referencing side, or
// with ref its referenced side) appear in a view, under these view
// column names (one list per key column, in key order).
type keyDep struct {
	view     *relation
	con      *constraint
	ref      bool
	viewCols [][]string
}

type origin struct {
	rel uint32
	num int
}

// viewKeyDependencies reproduces views_key_dependencies.sql: it traces each
// view column that is a plain column reference back to its base table
// column (through joins and other views) from the view's definition.
func (c *catalog) viewKeyDependencies(ctx context.Context, q querier) ([]keyDep, error) {
	defs := map[uint32]string{}
	// information_schema.views has shown the definitions of the views the
	// user owns (pg_get_viewdef, as pg_views); pg_views has the others.
	complete := true
	for _, v := range c.relOrder {
		if v.kind != 'v' || systemSchema(v.schema) {
			continue
		}
		if def, ok := c.viewDefs[[2]string{v.schema, v.name}]; ok {
			defs[v.oid] = def
		} else {
			complete = false
		}
	}
	if !complete {
		_, rows, err := q.query(ctx, `select schemaname, viewname, definition from pg_catalog.pg_views`)
		if err != nil {
			return nil, fmt.Errorf("typegen: reading the catalog: %w", err)
		}
		byName := map[[2]string]*relation{}
		for _, r := range c.relOrder {
			byName[[2]string{r.schema, r.name}] = r
		}
		for _, r := range rows {
			if v, ok := byName[[2]string{str(r[0]), str(r[1])}]; ok && !systemSchema(v.schema) {
				defs[v.oid] = str(r[2])
			}
		}
	}
	memo := map[uint32][]origin{}
	defer func() { c.markUpdatable(memo) }()
	var deps []keyDep
	for _, v := range c.relOrder {
		def, ok := defs[v.oid]
		if !ok {
			continue
		}
		origins := c.viewOrigins(v, defs, memo, 0)
		// view columns by base column
		names := map[origin][]string{}
		for i, o := range origins {
			if o.rel != 0 && i < len(v.cols) {
				names[o] = append(names[o], v.cols[i].name)
			}
		}
		_ = def
		for _, k := range c.cons {
			if k.kind != 'f' {
				continue
			}
			for _, ref := range []bool{false, true} {
				rel, key := k.rel, k.key
				if ref {
					rel, key = k.frel, k.fkey
				}
				var cols [][]string
				for _, n := range key {
					vc := names[origin{rel, n}]
					if len(vc) == 0 {
						cols = nil
						break
					}
					cols = append(cols, vc)
				}
				if len(cols) > 0 {
					deps = append(deps, keyDep{view: v, con: k, ref: ref, viewCols: cols})
				}
			}
		}
	}
	return deps, nil
}

// viewOrigins returns, per view column, the base table column it is a
// plain reference to (rel 0 when it is computed).
func (c *catalog) viewOrigins(v *relation, defs map[uint32]string, memo map[uint32][]origin, depth int) []origin {
	if o, ok := memo[v.oid]; ok {
		return o
	}
	memo[v.oid] = nil // cycle guard
	if depth > 32 {
		return nil
	}
	tree, err := pgtree.Parse(defs[v.oid])
	if err != nil || len(tree.Stmts) != 1 {
		return nil
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || sel.Op != pg.SetOperation_SETOP_NONE {
		return nil
	}
	type source struct {
		alias string
		rel   *relation
	}
	var sources []source
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		if rv := n.GetRangeVar(); rv != nil {
			rel := c.lookupRel(rv.Schemaname, rv.Relname, v.schema)
			if rel == nil {
				return
			}
			alias := rv.Relname
			if rv.Alias != nil {
				alias = rv.Alias.Aliasname
			}
			sources = append(sources, source{alias, rel})
		} else if j := n.GetJoinExpr(); j != nil {
			walk(j.Larg)
			walk(j.Rarg)
		}
	}
	for _, f := range sel.FromClause {
		walk(f)
	}
	// the base origin of column num of relation rel
	resolve := func(rel *relation, num int) origin {
		if rel.kind == 'v' || rel.kind == 'm' {
			if _, ok := defs[rel.oid]; ok {
				inner := c.viewOrigins(rel, defs, memo, depth+1)
				if num-1 < len(inner) {
					return inner[num-1]
				}
			}
			return origin{}
		}
		return origin{rel.oid, num}
	}
	find := func(alias, col string) origin {
		for _, s := range sources {
			if alias != "" && s.alias != alias {
				continue
			}
			for _, cc := range s.rel.cols {
				if cc.name == col {
					return resolve(s.rel, cc.num)
				}
			}
		}
		return origin{}
	}
	var out []origin
	for _, t := range sel.TargetList {
		rt := t.GetResTarget()
		if rt == nil {
			out = append(out, origin{})
			continue
		}
		cr := rt.Val.GetColumnRef()
		if cr == nil {
			out = append(out, origin{})
			continue
		}
		var parts []string
		star := false
		for _, f := range cr.Fields {
			if s := f.GetString_(); s != nil {
				parts = append(parts, s.Sval)
			} else if f.GetAStar() != nil {
				star = true
			}
		}
		switch {
		case star:
			for _, s := range sources {
				if len(parts) == 1 && s.alias != parts[0] {
					continue
				}
				for _, cc := range s.rel.cols {
					out = append(out, resolve(s.rel, cc.num))
				}
			}
		case len(parts) == 1:
			out = append(out, find("", parts[0]))
		case len(parts) == 2:
			out = append(out, find(parts[0], parts[1]))
		default:
			out = append(out, origin{})
		}
	}
	memo[v.oid] = out
	return out
}

func (c *catalog) lookupRel(schema, name, viewSchema string) *relation {
	var fallback *relation
	for _, r := range c.relOrder {
		if r.name != name {
			continue
		}
		if schema != "" {
			if r.schema == schema {
				return r
			}
			continue
		}
		if r.schema == viewSchema || r.schema == "public" {
			return r
		}
		if fallback == nil {
			fallback = r
		}
	}
	if schema != "" {
		return nil
	}
	return fallback
}
