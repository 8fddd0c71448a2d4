package dml

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// This file routes rows written to partitioned tables (docs 5.11.2,
// "Declarative Partitioning"): an INSERT (and so a COPY, which runs as
// INSERTs) into a partitioned table puts each row into the leaf
// partition whose bound accepts it, through every level of
// sub-partitioning, and fails with 23514 when none does; a row written to
// a partition directly must satisfy the partition constraint (its bound
// and its ancestors'). The partitioned table itself stores nothing.

// routeInserts gives an INSERT whose target is partitioned, or is a
// partition, a destination that routes or checks its rows.
func routeInserts(ctx *sql.Context, n sql.Node) sql.Node {
	h, ok := hostOf(ctx)
	if !ok || !h.Catalog().HasInheritance() {
		return n
	}
	cat := h.Catalog()
	out, _, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.IsReplace {
			return n, transform.SameTree, nil
		}
		dest, changed, err := transform.Node(ins.Destination, func(d sql.Node) (sql.Node, transform.TreeIdentity, error) {
			if fh, ok := d.(*plan.ForeignKeyHandler); ok {
				return routeForeignKeyInserts(cat, fh)
			}
			rt, ok := d.(*plan.ResolvedTable)
			if !ok {
				return d, transform.SameTree, nil
			}
			t, ok := rt.Table.(*storage.Table)
			if !ok || !partitionRelated(cat, tableQName(t)) {
				return d, transform.SameTree, nil
			}
			nt, err := rt.ReplaceTable(&routedTable{Table: t})
			if err != nil {
				return d, transform.SameTree, nil
			}
			return nt.(sql.Node), transform.NewTree, nil
		})
		if err != nil || changed == transform.SameTree {
			return n, transform.SameTree, nil
		}
		ni := *ins
		ni.Destination = dest
		if t := storageTable(dest); t != nil && cat.HasAnyTriggers() {
			if _, parted := cat.Partitioned(tableQName(t)); parted {
				if _, done := ni.Source.(*routeNode); !done {
					// the partitions' row triggers (partition_triggers.go)
					return ni.WithSource(&routeNode{UnaryNode: plan.UnaryNode{Child: ni.Source}, table: t}), transform.NewTree, nil
				}
			}
		}
		return &ni, transform.NewTree, nil
	})
	if err != nil {
		return n
	}
	return out
}

// routeForeignKeyInserts routes the rows of an INSERT whose target has
// foreign keys: GMS's handler checks the references, then inserts through
// its own editor of the named table, which would keep a partitioned
// table's rows in the table itself.
func routeForeignKeyInserts(cat *catalog.Catalog, fh *plan.ForeignKeyHandler) (sql.Node, transform.TreeIdentity, error) {
	t, ok := fh.Table.(*storage.Table)
	if !ok || fh.Editor == nil || fh.Editor.Editor == nil || !partitionRelated(cat, tableQName(t)) {
		return fh, transform.SameTree, nil
	}
	if _, done := fh.Editor.Editor.(*routedFKEditor); done {
		return fh, transform.SameTree, nil
	}
	nf, ne := *fh, *fh.Editor
	ne.Editor = &routedFKEditor{ForeignKeyEditor: fh.Editor.Editor, target: t}
	nf.Editor = &ne
	return &nf, transform.NewTree, nil
}

// routedFKEditor is a foreign key handler's editor of a partitioned
// table (or a partition) whose inserted rows go where the router sends
// them.
type routedFKEditor struct {
	sql.ForeignKeyEditor
	target *storage.Table
	router *Router
}

// Insert implements sql.RowInserter.
func (e *routedFKEditor) Insert(ctx *sql.Context, row sql.Row) error {
	if e.router == nil {
		h, _ := hostOf(ctx)
		e.router = NewRouter(h)
	}
	leaf, leafRow, err := e.router.Route(ctx, e.target, row)
	if err != nil {
		return err
	}
	if leaf == e.target {
		return e.ForeignKeyEditor.Insert(ctx, row)
	}
	if err := e.router.checkLeaf(ctx, e.target, leaf, leafRow); err != nil { // partition_checks.go
		return err
	}
	return leaf.Inserter(ctx).Insert(ctx, leafRow)
}

// partitionRelated reports a partitioned table or a partition.
func partitionRelated(cat *catalog.Catalog, q catalog.QName) bool {
	if _, ok := cat.Partitioned(q); ok {
		return true
	}
	inh := cat.Inherits(q)
	return inh != nil && inh.Spec != nil
}

// routedTable is an INSERT's partitioned (or partition) target.
type routedTable struct {
	*storage.Table
}

var (
	_ sql.InsertableTable = (*routedTable)(nil)
	_ sql.TableWrapper    = (*routedTable)(nil)
)

// Underlying implements sql.TableWrapper: triggers and constraints find
// the named table through it.
func (r *routedTable) Underlying() sql.Table { return r.Table }

// Inserter implements sql.InsertableTable.
func (r *routedTable) Inserter(ctx *sql.Context) sql.RowInserter {
	h, _ := hostOf(ctx)
	return &routeEditor{RowInserter: r.Table.Inserter(ctx), target: r.Table, router: NewRouter(h)}
}

// routeEditor inserts each row where the router sends it.
type routeEditor struct {
	sql.RowInserter // the named table's editor: statement brackets
	target          *storage.Table
	router          *Router
}

// Insert implements sql.RowInserter.
func (e *routeEditor) Insert(ctx *sql.Context, row sql.Row) error {
	leaf, leafRow, err := e.router.Route(ctx, e.target, row)
	if err != nil {
		return err
	}
	if leaf == e.target {
		return e.RowInserter.Insert(ctx, row)
	}
	if err := e.router.checkLeaf(ctx, e.target, leaf, leafRow); err != nil { // partition_checks.go
		return err
	}
	return leaf.Inserter(ctx).Insert(ctx, leafRow)
}

// Router finds the partition a row belongs in, for one statement: bounds
// are read once per partition.
type Router struct {
	h      Host
	cat    *catalog.Catalog
	env    *types.Env
	tables map[catalog.QName]*storage.Table
	bounds map[catalog.QName]*catalog.BoundValues
	fires  map[catalog.QName]*firingSet  // leaves' INSERT triggers (partition_triggers.go)
	checks map[catalog.QName][]leafCheck // leaves' own CHECKs (partition_checks.go)
	keys   map[[2]catalog.QName]*translate.PartitionKeyEval
}

// NewRouter is a router over the session's catalog.
func NewRouter(h Host) *Router {
	return &Router{h: h, cat: h.Catalog(), env: h.TypesEnv(),
		tables: map[catalog.QName]*storage.Table{}, bounds: map[catalog.QName]*catalog.BoundValues{},
		keys: map[[2]catalog.QName]*translate.PartitionKeyEval{}}
}

// Route returns the table a row written to t lands in and the row in that
// table's column order: for a partitioned t the leaf partition accepting
// it, for a partition t itself once the partition constraint holds.
func (r *Router) Route(ctx *sql.Context, t *storage.Table, row sql.Row) (*storage.Table, sql.Row, error) {
	q := tableQName(t)
	if err := r.checkConstraint(ctx, q, t.Schema(), row); err != nil {
		return nil, nil, err
	}
	for {
		key, ok := r.cat.Partitioned(q)
		if !ok {
			return t, row, nil
		}
		keyTypes, vals, err := r.keyValues(ctx, q, q, key, t.Schema(), row)
		if err != nil {
			return nil, nil, err
		}
		child, err := r.choose(ctx, q, keyTypes, vals)
		if err != nil {
			return nil, nil, err
		}
		if child == (catalog.QName{}) {
			parts := make([]string, len(vals))
			for i, v := range vals {
				parts[i] = "null"
				if v != nil {
					parts[i] = types.Output(keyTypes[i], v, r.env)
				}
			}
			cols, ok := r.h.PartitionKeyColumns(ctx, q)
			if !ok {
				cols = strings.Join(key.Columns, ", ")
			}
			return nil, nil, &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: q.Schema, Table: q.Name,
				Message: fmt.Sprintf("no partition of relation %q found for row", q.Name),
				Detail:  fmt.Sprintf("Partition key of the failing row contains (%s) = (%s).", cols, strings.Join(parts, ", "))}
		}
		ct, err := r.table(ctx, child)
		if err != nil {
			return nil, nil, err
		}
		row = mapRow(t.Schema(), ct.Schema(), row)
		q, t = child, ct
	}
}

// choose is the child of partitioned table q that accepts a row with key
// vals: the one whose bound does, else the DEFAULT partition; nil when
// neither exists.
func (r *Router) choose(ctx *sql.Context, q catalog.QName, keyTypes []*types.Type, vals []any) (catalog.QName, error) {
	var hash uint64
	var def catalog.QName
	hashed := false
	for _, c := range r.cat.Children(q) {
		inh := r.cat.Inherits(c)
		if inh == nil || inh.Spec == nil {
			continue
		}
		if inh.Spec.Default {
			def = c
			continue
		}
		if inh.Spec.Strategy == 'h' && !hashed {
			h, ok := catalog.PartitionHash(keyTypes, vals)
			if !ok {
				return catalog.QName{}, pgerror.New(pgerror.FeatureNotSupported, "hash partitioning on a key of type %s is not supported yet", keyTypes[0].FormatType())
			}
			hash, hashed = h, true
		}
		bv, err := r.bound(c, inh.Spec, keyTypes)
		if err != nil {
			return catalog.QName{}, err
		}
		if bv.Accepts(keyTypes, vals, hash) {
			return c, nil
		}
	}
	return def, nil
}

// checkConstraint checks a row written to partition q directly against
// its partition constraint: its bound within its parent (a DEFAULT
// partition's being that no sibling accepts the row), then its parent's.
func (r *Router) checkConstraint(ctx *sql.Context, q catalog.QName, sch sql.Schema, row sql.Row) error {
	cur := q
	for {
		inh := r.cat.Inherits(cur)
		if inh == nil || inh.Spec == nil || len(inh.Parents) == 0 {
			return nil
		}
		parent := inh.Parents[0]
		key, ok := r.cat.Partitioned(parent)
		if !ok {
			return nil
		}
		keyTypes, vals, err := r.keyValues(ctx, parent, q, key, sch, row)
		if err != nil {
			return err
		}
		var fits bool
		if inh.Spec.Default {
			c, err := r.choose(ctx, parent, keyTypes, vals)
			if err != nil {
				return err
			}
			fits = c == cur
		} else {
			var hash uint64
			if inh.Spec.Strategy == 'h' {
				h, ok := catalog.PartitionHash(keyTypes, vals)
				if !ok {
					return pgerror.New(pgerror.FeatureNotSupported, "hash partitioning on a key of type %s is not supported yet", keyTypes[0].FormatType())
				}
				hash = h
			}
			bv, err := r.bound(cur, inh.Spec, keyTypes)
			if err != nil {
				return err
			}
			fits = bv.Accepts(keyTypes, vals, hash)
		}
		if !fits {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.CheckViolation, Schema: q.Schema, Table: q.Name,
				Message: fmt.Sprintf("new row for relation %q violates partition constraint", q.Name),
				Detail:  FailingRow(sch, row, r.env)}
		}
		cur = parent
	}
}

// Fits reports whether a row of table q satisfies q's partition
// constraint (true for a table that is not a partition).
func (r *Router) Fits(ctx *sql.Context, q catalog.QName, sch sql.Schema, row sql.Row) (bool, error) {
	err := r.checkConstraint(ctx, q, sch, row)
	if pe, ok := err.(*pgerror.Error); ok && pe.Code == pgerror.CheckViolation {
		return false, nil
	}
	return err == nil, err
}

func (r *Router) bound(q catalog.QName, spec *catalog.PartitionBound, keyTypes []*types.Type) (*catalog.BoundValues, error) {
	if bv, ok := r.bounds[q]; ok {
		return bv, nil
	}
	bv, err := spec.Compile(keyTypes, r.env)
	if err != nil {
		return nil, err
	}
	r.bounds[q] = bv
	return bv, nil
}

func (r *Router) table(ctx *sql.Context, q catalog.QName) (*storage.Table, error) {
	if t, ok := r.tables[q]; ok {
		return t, nil
	}
	t, ok, err := r.h.StorageTable(ctx, q.Schema, q.Name)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Name)
	}
	r.tables[q] = t
	return t, nil
}

// keyValues are a row's partition key values for partitioned table
// parent (the row of table of, whose schema is sch), with their types;
// the key is compiled once per statement.
func (r *Router) keyValues(ctx *sql.Context, parent, of catalog.QName, key *catalog.PartitionKey, sch sql.Schema, row sql.Row) ([]*types.Type, []any, error) {
	ck := [2]catalog.QName{parent, of}
	k, ok := r.keys[ck]
	if !ok {
		tr := &translate.Translator{Env: r.env, Catalog: r.h.TranslatorCatalog()}
		var err error
		if k, err = tr.CompilePartitionKey(key, sch); err != nil {
			return nil, nil, err
		}
		r.keys[ck] = k
	}
	vals, err := k.Values(ctx, row)
	return k.Types, vals, err
}

// mapRow rearranges a row of schema from into schema to by column name
// (an attached partition may order its columns differently); a column
// to has and from lacks is NULL.
func mapRow(from, to sql.Schema, row sql.Row) sql.Row {
	same := len(from) == len(to)
	for i := 0; same && i < len(to); i++ {
		same = from[i].Name == to[i].Name
	}
	if same {
		return row
	}
	out := make(sql.Row, len(to))
	for i, c := range to {
		for j, f := range from {
			if f.Name == c.Name && j < len(row) {
				out[i] = row[j]
				break
			}
		}
	}
	return out
}

// FailingRow is PostgreSQL's "Failing row contains (...)." detail of a
// row of schema sch.
func FailingRow(sch sql.Schema, row sql.Row, env *types.Env) string {
	parts := make([]string, len(row))
	for i, v := range row {
		if v == nil || i >= len(sch) {
			parts[i] = "null"
			continue
		}
		parts[i] = types.Output(expr.FromGMSType(sch[i].Type), v, env)
	}
	return "Failing row contains (" + strings.Join(parts, ", ") + ")."
}

// RoutedTable is the table a row of q (its columns names, values vals)
// is stored in: the leaf partition its key routes it to.
func RoutedTable(h Host, ctx *sql.Context, q catalog.QName, names []string, vals []any) (catalog.QName, error) {
	t, ok, err := h.StorageTable(ctx, q.Schema, q.Name)
	if err != nil || !ok {
		return q, err
	}
	sch := t.Schema()
	row := make(sql.Row, len(sch))
	for i, n := range names {
		if j := sch.IndexOfColName(n); j >= 0 && i < len(vals) {
			row[j] = vals[i]
		}
	}
	leaf, _, err := NewRouter(h).Route(ctx, t, row)
	if err != nil {
		return q, err
	}
	return tableQName(leaf), nil
}
