package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// An ALTER TABLE without ONLY of a table with inheritance children or
// partitions changes their columns too (docs 5.10: "ALTER TABLE will
// propagate any changes in column data definitions and check constraints
// down the inheritance hierarchy"; 5.11.2.2): ADD / DROP COLUMN, ALTER
// COLUMN TYPE, SET / DROP DEFAULT, SET / DROP NOT NULL and RENAME COLUMN
// run on the table, then on each descendant. The columns a table
// inherits cannot be dropped, retyped or renamed on their own, nor can a
// partition key's.

// AlterTree runs an ALTER TABLE (or RENAME COLUMN) on a table and its
// descendants: each step is one table's statement, in order, all in the
// statement's transaction.
type AlterTree struct {
	Steps []AlterStep
}

// AlterStep is one table's part of an AlterTree.
type AlterStep struct {
	Node *pg.Node
	Res  Result
}

func (*AlterTree) command() {}

// recursedSubcommand reports the ALTER TABLE subcommands that reach a
// table's descendants.
func recursedSubcommand(a pg.AlterTableType) bool {
	switch a {
	case pg.AlterTableType_AT_AddColumn, pg.AlterTableType_AT_DropColumn, pg.AlterTableType_AT_AlterColumnType,
		pg.AlterTableType_AT_ColumnDefault, pg.AlterTableType_AT_SetNotNull, pg.AlterTableType_AT_DropNotNull:
		return true
	}
	return false
}

// inheritedColumns are the columns table q inherits: those of its
// parents, by name, with whether some parent's is NOT NULL.
func (t *Translator) inheritedColumns(q catalog.QName) map[string]bool {
	r := t.reader()
	if r == nil {
		return nil
	}
	inh := r.Current().Inherits(q)
	if inh == nil {
		return nil
	}
	out := map[string]bool{}
	for _, p := range inh.Parents {
		pi, ok := t.Tables.LookupTable(p.Schema, p.Name)
		if !ok || pi == nil {
			continue
		}
		for _, c := range pi.Columns {
			out[c.Name] = out[c.Name] || !c.Nullable
		}
	}
	return out
}

// keyUser is the partitioned table among q and, unless only, its
// descendants whose partition key uses column col ("" for none).
func (t *Translator) keyUser(q catalog.QName, col string, only bool) string {
	r := t.reader()
	if r == nil {
		return ""
	}
	cat := r.Current()
	tables := []catalog.QName{q}
	if !only {
		tables = append(tables, cat.Descendants(q)...)
	}
	for _, d := range tables {
		if k, ok := cat.Partitioned(d); ok && PartitionKeyUses(k, col) {
			return d.Name
		}
	}
	return ""
}

// checkInheritedAlter refuses the subcommands of ALTER TABLE ti that
// PostgreSQL refuses for inheritance reasons, in its order of checks.
func (t *Translator) checkInheritedAlter(s *pg.AlterTableStmt, ti *TableInfo) {
	r := t.reader()
	if r == nil || !r.Current().HasInheritance() {
		return
	}
	cat := r.Current()
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	inherited := t.inheritedColumns(q)
	_, isPartition := cat.PartitionParent(q)
	_, parted := cat.Partitioned(q)
	hasChildren := len(cat.Children(q)) > 0
	only := !s.Relation.Inh
	for _, n := range s.Cmds {
		cmd := n.GetAlterTableCmd()
		if cmd == nil {
			continue
		}
		_, exists := ti.Column(cmd.Name)
		switch cmd.Subtype {
		case pg.AlterTableType_AT_AddColumn:
			if isPartition {
				fail(pgerror.New(pgerror.WrongObjectType, "cannot add column to a partition"))
			}
			if hasChildren && !only && identityConstraint(cmd.Def.GetColumnDef()) != nil {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot recursively add identity column to table that has child tables"))
			}
			if only && hasChildren {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "column must be added to child tables too"))
			}
		case pg.AlterTableType_AT_DropColumn:
			if !exists {
				continue
			}
			if _, ok := inherited[cmd.Name]; ok {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot drop inherited column %q", cmd.Name))
			}
			if by := t.keyUser(q, cmd.Name, only); by != "" {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot drop column %q because it is part of the partition key of relation %q", cmd.Name, by))
			}
			if only && parted && hasChildren {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot drop column from only the partitioned table when partitions exist").
					WithHint("Do not specify the ONLY keyword."))
			}
		case pg.AlterTableType_AT_AlterColumnType:
			if !exists {
				continue
			}
			if by := t.keyUser(q, cmd.Name, only); by != "" {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot alter column %q because it is part of the partition key of relation %q", cmd.Name, by))
			}
			if _, ok := inherited[cmd.Name]; ok {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot alter inherited column %q", cmd.Name))
			}
			if only && hasChildren {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "type of inherited column %q must be changed in child tables too", cmd.Name))
			}
		case pg.AlterTableType_AT_AddConstraint:
			c := cmd.Def.GetConstraint()
			if c != nil && c.Contype == pg.ConstrType_CONSTR_CHECK && c.IsNoInherit && parted {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot add NO INHERIT constraint to partitioned table %q", ti.Name))
			}
			if uniqueConstraint(cmd) && parted && only {
				t.checkOnlyKey(c, q) // ddl_index_attach.go
			}
			if uniqueConstraint(cmd) && parted {
				kind := "UNIQUE"
				if c.Contype == pg.ConstrType_CONSTR_PRIMARY {
					kind = "PRIMARY KEY"
				}
				// each partitioned table below gets the index too
				for _, d := range append([]catalog.QName{q}, cat.Descendants(q)...) {
					if key, ok := cat.Partitioned(d); ok {
						checkPartitionedUnique(d.Name, kind, key, names(c.Keys))
					}
				}
			}
		case pg.AlterTableType_AT_DropNotNull:
			if notNull := inherited[cmd.Name]; notNull && isPartition {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "column %q is marked NOT NULL in parent table", cmd.Name))
			}
		}
	}
}

// alterTree is ALTER TABLE s of ti as an AlterTree when some subcommand
// reaches ti's descendants (ok false otherwise): the table's statement
// with every subcommand, then each descendant's with those that reach it.
func (t *Translator) alterTree(s *pg.AlterTableStmt, ti *TableInfo) (Result, bool) {
	r := t.reader()
	if r == nil || !s.Relation.Inh || !r.Current().HasInheritance() {
		return Result{}, false
	}
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	desc := r.Current().Descendants(q)
	var recursed []*pg.Node
	childKeys := map[catalog.QName]string{} // the partitions' constraints a dropped key takes along
	for _, n := range s.Cmds {
		if cmd := n.GetAlterTableCmd(); cmd != nil && (recursedSubcommand(cmd.Subtype) || uniqueConstraint(cmd) || t.attachedKeys(q, cmd, childKeys)) {
			recursed = append(recursed, n)
		}
	}
	if len(desc) == 0 || len(recursed) == 0 {
		return Result{}, false
	}
	tree := &AlterTree{}
	step := func(rel *pg.RangeVar, cmds []*pg.Node) {
		ns := pgtree.Clone(&pg.AlterTableStmt{Relation: rel, Cmds: cmds, Objtype: s.Objtype})
		node := &pg.Node{Node: &pg.Node_AlterTableStmt{AlterTableStmt: ns}}
		res, err := t.alterTable(ns)
		if err != nil {
			fail(asPG(err))
		}
		tree.Steps = append(tree.Steps, AlterStep{Node: node, Res: res})
	}
	t.recursing, t.recursedSerials = true, map[string]string{}
	defer func() { t.recursing, t.recursedSerials = false, nil }()
	own := pgtree.Clone(s.Relation)
	own.Inh = false
	step(own, s.Cmds)
	for _, d := range desc {
		dt, ok := t.Tables.LookupTable(d.Schema, d.Name)
		if !ok || dt == nil {
			continue
		}
		_, isPartition := r.Current().PartitionParent(d)
		var cmds []*pg.Node
		for _, n := range recursed {
			cmd := n.GetAlterTableCmd()
			if cmd.Subtype == pg.AlterTableType_AT_DropConstraint {
				if name, ok := childKeys[d]; ok {
					n = pgtree.Clone(n)
					n.GetAlterTableCmd().Name = name
					cmds = append(cmds, n)
				}
				continue
			}
			if uniqueConstraint(cmd) {
				if isPartition {
					// a partition's index of it, named for the partition
					n = pgtree.Clone(n)
					n.GetAlterTableCmd().Def.GetConstraint().Conname = ""
					cmds = append(cmds, n)
				}
				continue
			}
			if cmd.Subtype == pg.AlterTableType_AT_AddColumn {
				n = childColumnConstraints(n, ti.Name, isPartition)
			}
			if cmd.Subtype == pg.AlterTableType_AT_AddColumn && !isPartition {
				// an inheritance child with the column already merges it
				cd := cmd.Def.GetColumnDef()
				if have, ok := dt.Column(cd.Colname); ok {
					if typ := t.columnTypeName(cd.Colname, cd.TypeName); !sameType(have.Type, typ) {
						fail(pgerror.New(pgerror.DatatypeMismatch, "child table %q has different type for column %q", d.Name, cd.Colname))
					}
					continue
				}
			}
			cmds = append(cmds, n)
		}
		if len(cmds) > 0 {
			step(&pg.RangeVar{Schemaname: d.Schema, Relname: d.Name, Relpersistence: "p", Location: -1}, cmds)
			if isPartition && addsKeyCmds(cmds) {
				last := &tree.Steps[len(tree.Steps)-1]
				last.Res = withIndexLinks(last.Res, d.Schema, d.Name, "attach") // ddl_index_attach.go
			}
		}
	}
	return Result{Cmd: tree, Tag: "ALTER TABLE"}, true
}

// childColumnConstraints is ADD COLUMN n of table parent as a descendant
// runs it: a partition gets the column's foreign keys under the parent's
// names and its primary key or unique index, an inheritance child
// neither (docs 5.10.1: they are not inherited); the CHECKs reach a
// partition under the parent's names (ddl/partition_checks.go) and an
// inheritance child under its own.
func childColumnConstraints(n *pg.Node, parent string, partition bool) *pg.Node {
	n = pgtree.Clone(n)
	cd := n.GetAlterTableCmd().Def.GetColumnDef()
	var keep []*pg.Node
	for _, cn := range cd.Constraints {
		c := cn.GetConstraint()
		switch c.GetContype() {
		case pg.ConstrType_CONSTR_CHECK:
			if partition {
				continue
			}
		case pg.ConstrType_CONSTR_FOREIGN:
			if !partition {
				continue
			}
			if c.Conname == "" {
				c.Conname = pgident.MakeObjectName(parent, cd.Colname, "fkey")
			}
		case pg.ConstrType_CONSTR_PRIMARY, pg.ConstrType_CONSTR_UNIQUE:
			if !partition {
				continue
			}
			c.Conname = ""
		}
		keep = append(keep, cn)
	}
	cd.Constraints = keep
	return n
}

// uniqueConstraint reports ADD PRIMARY KEY / UNIQUE, which a
// partitioned table's partitions get too (docs 5.11.2.3).
func uniqueConstraint(cmd *pg.AlterTableCmd) bool {
	if cmd.Subtype != pg.AlterTableType_AT_AddConstraint {
		return false
	}
	c := cmd.Def.GetConstraint()
	return c != nil && c.Indexname == "" && (c.Contype == pg.ConstrType_CONSTR_PRIMARY || c.Contype == pg.ConstrType_CONSTR_UNIQUE)
}

func sameType(a, b *types.Type) bool {
	return a != nil && b != nil && a.OID == b.OID && a.Mod == b.Mod
}

// renameTree is RENAME COLUMN of ti (without ONLY) as an AlterTree when
// ti has descendants: the column is renamed in each (ok false otherwise).
// A column a table inherits is renamed through its parent only.
func (t *Translator) renameTree(s *pg.RenameStmt, ti *TableInfo) (Result, bool) {
	if t.recursing {
		return Result{}, false
	}
	r := t.reader()
	if r == nil || !r.Current().HasInheritance() {
		return Result{}, false
	}
	q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	if _, ok := t.inheritedColumns(q)[s.Subname]; ok {
		fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot rename inherited column %q", s.Subname))
	}
	desc := r.Current().Descendants(q)
	if len(desc) == 0 {
		return Result{}, false
	}
	if !s.Relation.Inh {
		fail(pgerror.New(pgerror.InvalidTableDefinition, "inherited column %q must be renamed in child tables too", s.Subname))
	}
	tree := &AlterTree{}
	t.recursing = true
	defer func() { t.recursing = false }()
	for _, d := range append([]catalog.QName{q}, desc...) {
		ns := pgtree.Clone(s)
		ns.Relation = &pg.RangeVar{Schemaname: d.Schema, Relname: d.Name, Relpersistence: "p", Location: -1}
		res, err := t.rename(ns)
		if err != nil {
			fail(asPG(err))
		}
		tree.Steps = append(tree.Steps, AlterStep{Node: &pg.Node{Node: &pg.Node_RenameStmt{RenameStmt: ns}}, Res: res})
	}
	return Result{Cmd: tree, Tag: "ALTER TABLE"}, true
}
