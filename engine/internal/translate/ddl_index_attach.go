package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"

	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// AttachIndex is ALTER INDEX parent ATTACH PARTITION child (docs: ALTER
// INDEX): child, an index of a partition, becomes the partition of
// parent, its partitioned table's index. Names are as written (schema
// "" walks the search path); ddl resolves and checks them.
type AttachIndex struct {
	Parent, Child catalog.QName
}

func (*AttachIndex) command()        {}
func (*AttachIndex) catalogCommand() {}

// alterIndex translates the ALTER INDEX forms tinybase runs: ATTACH
// PARTITION; ok is false for the others.
func (t *Translator) alterIndex(s *pg.AlterTableStmt) (Result, bool) {
	if len(s.Cmds) != 1 {
		return Result{}, false
	}
	cmd := s.Cmds[0].GetAlterTableCmd()
	if cmd == nil {
		return Result{}, false
	}
	switch cmd.Subtype {
	case pg.AlterTableType_AT_AttachPartition:
		pc := cmd.Def.GetPartitionCmd()
		if pc == nil || pc.Name == nil {
			return Result{}, false
		}
		return Result{Cmd: &AttachIndex{
			Parent: catalog.QName{Schema: s.Relation.Schemaname, Name: s.Relation.Relname},
			Child:  catalog.QName{Schema: pc.Name.Schemaname, Name: pc.Name.Relname},
		}, Tag: "ALTER INDEX"}, true
	}
	return Result{}, false
}

// addsKey reports whether ALTER TABLE s adds a PRIMARY KEY or UNIQUE
// constraint.
func addsKey(s *pg.AlterTableStmt) bool {
	return addsKeyCmds(s.Cmds)
}

func addsKeyCmds(cmds []*pg.Node) bool {
	for _, n := range cmds {
		if cmd := n.GetAlterTableCmd(); cmd != nil && uniqueConstraint(cmd) {
			return true
		}
	}
	return false
}

// withIndexLinks makes res (an ALTER TABLE of table adding a PRIMARY KEY
// or UNIQUE constraint) tell ddl what to do with the new constraint
// indexes of a partitioned table or partition (TableDDL.IndexLinks).
func withIndexLinks(res Result, schema, table, mode string) Result {
	if td, ok := res.Cmd.(*TableDDL); ok && td.Kind == "sequence" {
		td.IndexLinks = mode
		return res
	}
	if res.Stmt == nil || res.Cmd != nil {
		return res
	}
	res.Cmd = &TableDDL{Kind: "sequence", Schema: schema, Table: table, Stmts: []sqlparser.Statement{res.Stmt}, IndexLinks: mode}
	res.Stmt = nil
	return res
}

// checkOnlyKey refuses ALTER TABLE ONLY of a partitioned table adding a
// PRIMARY KEY whose columns a partition does not already have NOT NULL,
// as PostgreSQL does (the constraint would have to reach it).
func (t *Translator) checkOnlyKey(c *pg.Constraint, q catalog.QName) {
	if c.Contype != pg.ConstrType_CONSTR_PRIMARY {
		return
	}
	r := t.reader()
	if r == nil {
		return
	}
	for _, child := range r.Current().Children(q) {
		ci, ok := t.Tables.LookupTable(child.Schema, child.Name)
		if !ok || ci == nil {
			continue
		}
		for _, k := range names(c.Keys) {
			if col, ok := ci.Column(k); ok && col.Nullable {
				fail(pgerror.New(pgerror.InvalidTableDefinition, "constraint must be added to child tables too").
					WithDetail("Column %q of relation %q is not already NOT NULL.", k, child.Name).
					WithHint("Do not specify the ONLY keyword."))
			}
		}
	}
}

// DropIndexLinks forgets the links of key constraints' indexes an ALTER
// TABLE drops, so an index made later under a dropped one's name starts
// unattached.
type DropIndexLinks struct {
	Keys []catalog.ObjectKey
}

func (*DropIndexLinks) command()        {}
func (*DropIndexLinks) catalogCommand() {}

// KeepForeignKeyIndexes gives the foreign keys of the tables whose key
// constraints an ALTER TABLE drops an index of their own where the
// dropped one was the only index over their referencing columns.
// PostgreSQL needs none there, but go-mysql-server looks referencing rows
// up through one and refuses to drop the last.
type KeepForeignKeyIndexes struct {
	Keys []catalog.ObjectKey
}

func (*KeepForeignKeyIndexes) command()        {}
func (*KeepForeignKeyIndexes) catalogCommand() {}

// withKeyDrops makes res forget the links of the key constraints it drops
// and keep its foreign keys' lookups.
func (t *Translator) withKeyDrops(res Result) Result {
	if len(t.keyDrops) > 0 {
		res.Catalog = append(res.Catalog, &DropIndexLinks{Keys: t.keyDrops}, &KeepForeignKeyIndexes{Keys: t.keyDrops})
	}
	t.keyDrops = nil
	return res
}

// checkAttachedKeyDrop refuses dropping a partition's key constraint
// attached to its partitioned table's (it goes with that one).
func (t *Translator) checkAttachedKeyDrop(ti *TableInfo, name string) {
	p, ok := t.reader().Current().IndexParent(catalog.IndexKey(catalog.QName{Schema: ti.Schema, Name: ti.Name}, name))
	if !ok {
		return
	}
	if pt, ok := t.Tables.LookupTable(p.Schema, p.Name); ok && pt != nil {
		if _, ok := pt.Constraints[p.Column]; ok {
			fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot drop inherited constraint %q of relation %q", name, ti.Name))
		}
	}
}

// attachedKeys reports whether cmd drops a key constraint of table q
// with attached partition constraints, and records in into, by table,
// the names of those constraints, their own attached ones included.
func (t *Translator) attachedKeys(q catalog.QName, cmd *pg.AlterTableCmd, into map[catalog.QName]string) bool {
	if cmd.Subtype != pg.AlterTableType_AT_DropConstraint {
		return false
	}
	cat := t.reader().Current()
	found := false
	var walk func(k catalog.ObjectKey)
	walk = func(k catalog.ObjectKey) {
		for _, c := range cat.IndexChildren(k) {
			into[catalog.QName{Schema: c.Schema, Name: c.Name}] = c.Column
			found = true
			walk(c)
		}
	}
	walk(catalog.IndexKey(q, cmd.Name))
	return found
}
