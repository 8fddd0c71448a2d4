package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AttachPartition is ALTER TABLE parent ATTACH PARTITION child FOR VALUES
// ... / DEFAULT (docs: ALTER TABLE; 5.11.2.2 "Partition Maintenance"):
// the child becomes a partition once its columns match the parent's and
// its rows, and the DEFAULT partition's, fit the bounds.
type AttachPartition struct {
	Parent, Child catalog.QName
	Bound         string
	Spec          *catalog.PartitionBound
	Location      int32 // the bound's, for the overlap error
	// Inherit: ALTER TABLE child INHERIT parent, plain inheritance (no
	// bound; the checks are done)
	Inherit bool
}

// DetachPartition is ALTER TABLE parent DETACH PARTITION child: the child
// stays a table, with its rows, outside the tree.
type DetachPartition struct {
	Parent, Child catalog.QName
	Inherit       bool // ALTER TABLE child NO INHERIT parent
}

func (*AttachPartition) command()        {}
func (*AttachPartition) catalogCommand() {}
func (*DetachPartition) command()        {}
func (*DetachPartition) catalogCommand() {}

// partitionCmd translates an ALTER TABLE whose one subcommand is ATTACH
// or DETACH PARTITION; ok is false for any other ALTER TABLE.
func (t *Translator) partitionCmd(s *pg.AlterTableStmt, parent *TableInfo) (Result, bool) {
	if len(s.Cmds) != 1 {
		return Result{}, false
	}
	cmd := s.Cmds[0].GetAlterTableCmd()
	if cmd != nil && (cmd.Subtype == pg.AlterTableType_AT_AddInherit || cmd.Subtype == pg.AlterTableType_AT_DropInherit) {
		return t.inheritCmd(cmd, parent), true
	}
	if cmd == nil || (cmd.Subtype != pg.AlterTableType_AT_AttachPartition && cmd.Subtype != pg.AlterTableType_AT_DetachPartition) {
		return Result{}, false
	}
	pc := cmd.Def.GetPartitionCmd()
	if pc == nil {
		return Result{}, false
	}
	pq := catalog.QName{Schema: parent.Schema, Name: parent.Name}
	r := t.reader()
	if r == nil {
		failAt(-1, pgerror.FeatureNotSupported, "this statement needs the table catalog")
	}
	key, parted := r.Current().Partitioned(pq)
	child := t.lookup(pc.Name, false)
	cq := catalog.QName{Schema: child.Schema, Name: child.Name}
	if cmd.Subtype == pg.AlterTableType_AT_DetachPartition {
		if pc.Concurrent {
			failAt(-1, pgerror.FeatureNotSupported, "DETACH PARTITION CONCURRENTLY is not supported yet")
		}
		if p, ok := r.Current().PartitionParent(cq); !ok || p != pq {
			failAt(-1, pgerror.UndefinedTable, "relation %q is not a partition of relation %q", child.Name, parent.Name)
		}
		return Result{Cmd: &DetachPartition{Parent: pq, Child: cq}, Tag: "ALTER TABLE"}, true
	}
	if !parted {
		failAt(-1, pgerror.InvalidObjectDefinition, "table %q is not partitioned", parent.Name)
	}
	if inh := r.Current().Inherits(cq); inh != nil && inh.Spec != nil {
		failAt(-1, pgerror.WrongObjectType, "%q is already a partition", child.Name)
	}
	for _, c := range child.Columns {
		if _, ok := parent.Column(c.Name); !ok {
			fail(pgerror.New(pgerror.DatatypeMismatch, "table %q contains column %q not found in parent %q", child.Name, c.Name, parent.Name).
				WithDetail("The new partition may contain only the columns present in parent."))
		}
	}
	for _, c := range parent.Columns {
		cc, ok := child.Column(c.Name)
		if !ok {
			failAt(-1, pgerror.DatatypeMismatch, "child table is missing column %q", c.Name)
		}
		if cc.Type.OID != c.Type.OID || cc.Type.Mod != c.Type.Mod {
			failAt(-1, pgerror.DatatypeMismatch, "child table %q has different type for column %q", child.Name, c.Name)
		}
	}
	bound, spec := t.partitionBound(pc.Bound, key, parent)
	return Result{Cmd: &AttachPartition{Parent: pq, Child: cq, Bound: bound, Spec: spec, Location: pc.Bound.Location}, Tag: "ALTER TABLE"}, true
}

// inheritCmd translates ALTER TABLE child [NO] INHERIT parent (docs:
// ALTER TABLE; 5.10): the child must have every column of the parent with
// its type, NOT NULL where the parent's is, and the parent's CHECK
// constraints by name, as PostgreSQL's ATExecAddInherit checks; neither
// may be partitioned or a partition, and the tree stays acyclic.
func (t *Translator) inheritCmd(cmd *pg.AlterTableCmd, child *TableInfo) Result {
	r := t.reader()
	if r == nil {
		failAt(-1, pgerror.FeatureNotSupported, "this statement needs the table catalog")
	}
	rv := cmd.Def.GetRangeVar()
	if rv == nil {
		failAt(-1, pgerror.FeatureNotSupported, "ALTER TABLE ... INHERIT needs a table")
	}
	parent := t.lookup(rv, false)
	cat := r.Current()
	cq := catalog.QName{Schema: child.Schema, Name: child.Name}
	pq := catalog.QName{Schema: parent.Schema, Name: parent.Name}
	inh := cat.Inherits(cq)
	if _, parted := cat.Partitioned(cq); parted {
		failAt(-1, pgerror.WrongObjectType, "cannot change inheritance of partitioned table")
	}
	if inh != nil && inh.Spec != nil {
		failAt(-1, pgerror.WrongObjectType, "cannot change inheritance of a partition")
	}
	if cmd.Subtype == pg.AlterTableType_AT_DropInherit {
		found := false
		if inh != nil {
			for _, p := range inh.Parents {
				found = found || p == pq
			}
		}
		if !found {
			failAt(-1, pgerror.UndefinedTable, "relation %q is not a parent of relation %q", parent.Name, child.Name)
		}
		return Result{Cmd: &DetachPartition{Parent: pq, Child: cq, Inherit: true}, Tag: "ALTER TABLE"}
	}
	if _, parted := cat.Partitioned(pq); parted {
		failAt(-1, pgerror.WrongObjectType, "cannot inherit from partitioned table %q", parent.Name)
	}
	if inh := cat.Inherits(pq); inh != nil && inh.Spec != nil {
		failAt(-1, pgerror.WrongObjectType, "cannot inherit from a partition")
	}
	if inh != nil {
		for _, p := range inh.Parents {
			if p == pq {
				failAt(-1, pgerror.DuplicateTable, "relation %q would be inherited from more than once", parent.Name)
			}
		}
	}
	if pq == cq || descendsFromTree(cat, pq, cq) {
		fail(pgerror.New(pgerror.DuplicateTable, "circular inheritance not allowed").
			WithDetail("%q is already a child of %q.", parent.Name, child.Name))
	}
	for _, c := range parent.Columns {
		cc, ok := child.Column(c.Name)
		if !ok {
			failAt(-1, pgerror.DatatypeMismatch, "child table is missing column %q", c.Name)
		}
		if cc.Type.OID != c.Type.OID || cc.Type.Mod != c.Type.Mod {
			failAt(-1, pgerror.DatatypeMismatch, "child table %q has different type for column %q", child.Name, c.Name)
		}
		if !c.Nullable && cc.Nullable {
			failAt(-1, pgerror.DatatypeMismatch, "column %q in child table must be marked NOT NULL", c.Name)
		}
	}
	for name := range parent.Checks {
		if _, ok := child.Checks[name]; !ok {
			failAt(-1, pgerror.DatatypeMismatch, "child table is missing constraint %q", name)
		}
	}
	return Result{Cmd: &AttachPartition{Parent: pq, Child: cq, Inherit: true}, Tag: "ALTER TABLE"}
}

// descendsFromTree reports whether q is below root in the inheritance
// tree.
func descendsFromTree(cat *catalog.Catalog, q, root catalog.QName) bool {
	for _, d := range cat.Descendants(root) {
		if d == q {
			return true
		}
	}
	return false
}
