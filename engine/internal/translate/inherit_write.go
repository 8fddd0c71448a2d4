package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// inheritedWrite expands an UPDATE or DELETE naming a table with
// descendants (without ONLY) into one statement per table of the tree, as
// PostgreSQL's inheritance planning does (docs 5.10): the table itself
// (ONLY) and each descendant, under the table's name so the statement's
// qualified references still resolve. An UPDATE through a partitioned
// table moves a row whose new key its partition no longer accepts
// (DML.Root). ok is false when the table has no descendants.
func (t *Translator) inheritedWrite(rv *pg.RangeVar, part func(rv *pg.RangeVar) Result) (Result, bool) {
	r := t.reader()
	if r == nil || rv == nil || !rv.Inh || !r.Current().HasInheritance() {
		return Result{}, false
	}
	schema, _, ok := r.Table(rv.Schemaname, rv.Relname)
	if !ok {
		return Result{}, false
	}
	root := catalog.QName{Schema: schema, Name: rv.Relname}
	cat := r.Current()
	desc := cat.Descendants(root)
	if len(desc) == 0 {
		return Result{}, false
	}
	alias := rv.Alias
	if alias == nil {
		alias = &pg.Alias{Aliasname: rv.Relname}
	}
	d := &DML{Root: root, Named: root}
	if _, parted := cat.Partitioned(root); parted {
		defer func(prev catalog.QName) { t.partRoot = prev }(t.partRoot)
		t.partRoot = root
	}
	var first Result
	for i, q := range append([]catalog.QName{root}, desc...) {
		if _, parted := cat.Partitioned(q); parted {
			continue // a partitioned table stores no rows
		}
		one := &pg.RangeVar{Schemaname: q.Schema, Relname: q.Name, Inh: false, Relpersistence: rv.Relpersistence, Alias: alias, Location: rv.Location}
		if i == 0 {
			one.Alias = rv.Alias
		}
		res := part(one)
		if dm, ok := res.Cmd.(*DML); ok && len(dm.CTEs) > 0 {
			failAt(rv.Location, pgerror.FeatureNotSupported, "a data-modifying WITH on a write to a table with inheritance children is not supported yet")
		}
		if len(d.Parts) == 0 {
			first = res
		}
		d.Parts = append(d.Parts, res)
		d.PartTables = append(d.PartTables, q)
	}
	if len(d.Parts) == 0 {
		// every table of the tree is partitioned: nothing to write, but
		// the statement still resolves against the root
		res := part(&pg.RangeVar{Schemaname: rv.Schemaname, Relname: rv.Relname, Relpersistence: rv.Relpersistence, Alias: rv.Alias, Location: rv.Location})
		return res, true
	}
	if _, parted := cat.Partitioned(root); !parted {
		d.Root = catalog.QName{}
	}
	return Result{Cmd: d, Tag: first.Tag, Returning: first.Returning}, true
}

// inheritedUpdate is inheritedWrite for UPDATE.
func (t *Translator) inheritedUpdate(s *pg.UpdateStmt) (Result, bool) {
	cols := t.rootColumns(s.Relation)
	res, ok := t.inheritedWrite(s.Relation, func(rv *pg.RangeVar) Result {
		c := pgtree.Clone(s)
		c.Relation = rv
		c.ReturningList = starColumns(c.ReturningList, cols)
		res, err := t.update(c)
		if err != nil {
			fail(asPG(err))
		}
		return res
	})
	if d, isDML := res.Cmd.(*DML); ok && isDML {
		for _, n := range s.TargetList {
			if rt := n.GetResTarget(); rt != nil {
				d.SetCols = append(d.SetCols, rt.Name)
			}
		}
	}
	return res, ok
}

// inheritedDelete is inheritedWrite for DELETE.
func (t *Translator) inheritedDelete(s *pg.DeleteStmt) (Result, bool) {
	cols := t.rootColumns(s.Relation)
	return t.inheritedWrite(s.Relation, func(rv *pg.RangeVar) Result {
		c := pgtree.Clone(s)
		c.Relation = rv
		c.ReturningList = starColumns(c.ReturningList, cols)
		res, err := t.delete(c)
		if err != nil {
			fail(asPG(err))
		}
		return res
	})
}

// routedTableOID translates tableoid of a row written through a
// partitioned table: the INSERT's target when it is partitioned, or the
// target of one part of an UPDATE / DELETE of a partitioned tree (a
// moved row's is its new partition). nil otherwise: the table's own oid.
func (t *Translator) routedTableOID(rv *pg.RangeVar, schema, name string, cols []ColumnInfo, qual sqlparser.TableName) sqlparser.Expr {
	r := t.reader()
	if r == nil || !r.Current().HasInheritance() {
		return nil
	}
	root := catalog.QName{Schema: schema, Name: name}
	switch {
	case t.insertSystem != "":
		if _, parted := r.Current().Partitioned(root); !parted {
			return nil
		}
	case t.partRoot != (catalog.QName{}) && len(t.dmlSystem) > 0 && t.dmlSystem[0].GetRangeVar() == rv:
		root = t.partRoot
	default:
		return nil
	}
	names := make([]string, len(cols))
	children := make([]sqlparser.Expr, len(cols))
	for i, c := range cols {
		names[i] = c.Name
		children[i] = &sqlparser.ColName{Name: sqlparser.NewColIdent(c.Name), Qualifier: qual}
	}
	return t.inject("tableoid "+root.Schema+"."+root.Name, -1, children, func(vals []sql.Expression) (sql.Expression, error) {
		return expr.NewPartitionTableOID(root.Schema, root.Name, names, vals), nil
	})
}

// rootColumns are the columns of the table an UPDATE or DELETE of a tree
// names: a star in its RETURNING list means them in every part (a child
// may have more).
func (t *Translator) rootColumns(rv *pg.RangeVar) []string {
	if rv == nil || !rv.Inh {
		return nil
	}
	info, ok := t.lookupColumns(rv.Schemaname, rv.Relname)
	if !ok {
		return nil
	}
	out := make([]string, len(info.Columns))
	for i, c := range info.Columns {
		out[i] = c.Name
	}
	return out
}

// starColumns replaces a bare * in a RETURNING list by the columns cols.
func starColumns(list []*pg.Node, cols []string) []*pg.Node {
	if len(cols) == 0 {
		return list
	}
	var out []*pg.Node
	changed := false
	for _, n := range list {
		rt := n.GetResTarget()
		if rt != nil {
			if cr := rt.Val.GetColumnRef(); cr != nil && len(cr.Fields) == 1 && cr.Fields[0].GetAStar() != nil {
				for _, c := range cols {
					out = append(out, &pg.Node{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Location: -1,
						Val: &pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{Fields: []*pg.Node{pg.MakeStrNode(c)}, Location: -1}}}}}})
				}
				changed = true
				continue
			}
		}
		out = append(out, n)
	}
	if !changed {
		return list
	}
	return out
}
