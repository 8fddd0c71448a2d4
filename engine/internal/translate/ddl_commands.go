package translate

import (
	"fmt"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// TableDDL is table DDL the engine runs on storage itself, where GMS has
// no PostgreSQL equivalent (constraint renames, SET SCHEMA, expression and
// partial indexes, DROP TABLE ... CASCADE, TRUNCATE ... CASCADE).
type TableDDL struct {
	Kind string // noop, rename_constraint, set_schema, create_index, drop_index, drop_table, truncate

	Schema, Table string // the table (rename_constraint, set_schema, create_index)
	From, To      string // constraint names (rename_constraint); new schema (set_schema: To)

	Index *IndexDef // create_index

	Objects   [][]string // drop_table, drop_index, truncate: possibly qualified names
	MissingOK bool
	Cascade   bool
	Restart   bool // TRUNCATE ... RESTART IDENTITY
	Matview   bool // set_schema: ALTER MATERIALIZED VIEW

	Retypes []Retype // alter_type

	Stmts []sqlparser.Statement // sequence: GMS statements run in order
	// sequence: first drop these foreign keys of Table (PostgreSQL's
	// drop pass comes first)
	DropForeignKeys []string
	PKName          string // sequence: then give Table's primary key this name
	// sequence: then mark these CHECK constraints of Table not validated
	// (added NOT VALID) and validated (VALIDATE CONSTRAINT)
	NotValid, Validated []string
	// Partition: sequence creates a partition, which then gets its
	// partitioned table's indexes
	Partition bool
	// sequence: then add these exclusion constraints to Table
	Exclusions []*ExclusionDef
	// sequence: then record these constraints' INCLUDE columns
	Includes []KeyInclude
	// IndexLinks (sequence): "only" when ALTER TABLE ONLY of a
	// partitioned table adds a PRIMARY KEY or UNIQUE constraint (its
	// index is invalid while partitions lack one), "attach" when a
	// partition's step of an ALTER TABLE of its partitioned table adds
	// one (its index is attached to the parent's)
	IndexLinks string

	Checks map[string]string // rename_column: rewritten CHECK texts by name

	Notices []string // noop, sequence: NOTICEs to raise (DROP ... IF EXISTS of missing objects)
	// NoticeCode is the SQLSTATE of Notices ("" is 00000; CREATE ... IF
	// NOT EXISTS of an existing relation sends 42P07).
	NoticeCode string
	// NoticeCodes, when set, is the SQLSTATE of each of Notices (ALTER
	// TABLE's skipped clauses: ADD COLUMN IF NOT EXISTS sends 42701).
	NoticeCodes []string

	Query   sqlparser.SelectStatement // create_as: the rows
	Columns []string                  // create_as: column names given
	NoData  bool                      // create_as: WITH NO DATA

	// using_index: ADD CONSTRAINT To PRIMARY KEY (Contype 'p') or UNIQUE
	// ('u') USING INDEX From
	Contype byte
}

// NoticeCodeAt is the SQLSTATE of Notices[i].
func (c *TableDDL) NoticeCodeAt(i int) string {
	if i < len(c.NoticeCodes) && c.NoticeCodes[i] != "" {
		return c.NoticeCodes[i]
	}
	if c.NoticeCode != "" {
		return c.NoticeCode
	}
	return "00000"
}

// createTableAs is CREATE TABLE ... AS SELECT (PostgreSQL docs: CREATE
// TABLE AS): a new table with the query's columns and rows.
func (t *Translator) createTableAs(s *pg.CreateTableAsStmt) (Result, error) {
	if s.Objtype == pg.ObjectType_OBJECT_MATVIEW && !s.IsSelectInto {
		return t.createMatview(s) // matview.go
	}
	if s.Objtype != pg.ObjectType_OBJECT_TABLE || s.IsSelectInto {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "CREATE %s AS is not supported yet", objectWord(s.Objtype))
	}
	rel := s.Into.Rel
	if t.Tables != nil {
		if _, exists := t.Tables.LookupTable(rel.Schemaname, rel.Relname); exists {
			if s.IfNotExists {
				return Result{Cmd: &TableDDL{Kind: "noop", NoticeCode: pgerror.DuplicateTable,
					Notices: []string{fmt.Sprintf("relation %q already exists, skipping", rel.Relname)}}, Tag: "CREATE TABLE AS"}, nil
			}
			return Result{}, pgerror.New(pgerror.DuplicateTable, "relation %q already exists", rel.Relname)
		}
	}
	sel := s.Query.GetSelectStmt()
	if sel == nil {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "CREATE TABLE AS %s is not supported yet", nodeName(s.Query))
	}
	return Result{Cmd: &TableDDL{Kind: "create_as", Schema: rel.Schemaname, Table: rel.Relname,
		Query: t.selectStmt(sel), Columns: names2(s.Into.ColNames), NoData: s.Into.SkipData}, Tag: "SELECT"}, nil
}

// exprColumnsOf lists the columns a stored expression text references.
func exprColumnsOf(text string) []string {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil || len(tree.Stmts) != 1 {
		return nil
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 {
		return nil
	}
	return exprColumns(sel.TargetList[0].GetResTarget().Val)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (*TableDDL) command() {}

// tableDDL dispatches the statements this file's family translates.
func (t *Translator) tableDDL(n *pg.Node) (Result, error) {
	switch s := n.Node.(type) {
	case *pg.Node_AlterTableStmt:
		return t.alterTable(s.AlterTableStmt)
	case *pg.Node_RenameStmt:
		return t.rename(s.RenameStmt)
	case *pg.Node_AlterObjectSchemaStmt:
		a := s.AlterObjectSchemaStmt
		tag := map[pg.ObjectType]string{pg.ObjectType_OBJECT_TABLE: "ALTER TABLE", pg.ObjectType_OBJECT_MATVIEW: "ALTER MATERIALIZED VIEW"}[a.ObjectType]
		if tag == "" {
			return Result{}, pgerror.New(pgerror.FeatureNotSupported, "ALTER %s ... SET SCHEMA is not supported yet", objectWord(a.ObjectType))
		}
		ti := t.lookup(a.Relation, a.MissingOk)
		if ti == nil {
			return Result{Cmd: &TableDDL{Kind: "noop", Notices: []string{fmt.Sprintf("relation %q does not exist, skipping", a.Relation.Relname)}}, Tag: tag}, nil
		}
		return Result{Cmd: &TableDDL{Kind: "set_schema", Schema: ti.Schema, Table: ti.Name, To: a.Newschema, Matview: a.ObjectType == pg.ObjectType_OBJECT_MATVIEW}, Tag: tag}, nil
	case *pg.Node_IndexStmt:
		return t.createIndex(s.IndexStmt)
	case *pg.Node_CreateTableAsStmt:
		return t.createTableAs(s.CreateTableAsStmt)
	case *pg.Node_TruncateStmt:
		ts := s.TruncateStmt
		c := &TableDDL{Kind: "truncate", Cascade: ts.Behavior == pg.DropBehavior_DROP_CASCADE, Restart: ts.RestartSeqs}
		for _, r := range ts.Relations {
			rv := r.GetRangeVar()
			t.refuseForeign(rv, "written") // foreign.go
			c.Objects = append(c.Objects, []string{rv.Schemaname, rv.Relname})
		}
		return Result{Cmd: c, Tag: "TRUNCATE TABLE"}, nil
	}
	return Result{}, unsupportedStatement(n)
}

// rename is ALTER TABLE ... RENAME [COLUMN | CONSTRAINT] and ALTER INDEX
// ... RENAME.
func (t *Translator) rename(s *pg.RenameStmt) (Result, error) {
	switch s.RenameType {
	case pg.ObjectType_OBJECT_TABLE:
		ti := t.lookup(s.Relation, s.MissingOk)
		if ti == nil {
			return Result{Cmd: &TableDDL{Kind: "noop"}, Tag: "ALTER TABLE"}, nil
		}
		if other, ok := t.Tables.LookupTable(ti.Schema, s.Newname); ok && other != nil {
			return Result{}, pgerror.New(pgerror.DuplicateTable, "relation %q already exists", s.Newname)
		}
		return Result{Cmd: &TableDDL{Kind: "rename_table", Schema: ti.Schema, Table: ti.Name, To: s.Newname}, Tag: "ALTER TABLE"}, nil
	case pg.ObjectType_OBJECT_COLUMN:
		ti := t.lookup(s.Relation, s.MissingOk)
		if ti == nil {
			return Result{Cmd: &TableDDL{Kind: "noop"}, Tag: "ALTER TABLE"}, nil
		}
		if _, ok := ti.Column(s.Subname); !ok {
			return Result{}, pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", s.Subname)
		}
		if _, ok := ti.Column(s.Newname); ok {
			return Result{}, pgerror.New(pgerror.DuplicateColumn, "column %q of relation %q already exists", s.Newname, ti.Name)
		}
		if res, ok := t.renameTree(s, ti); ok { // partition_alter.go
			return res, nil
		}
		c := &TableDDL{Kind: "rename_column", Schema: ti.Schema, Table: ti.Name, From: s.Subname, To: s.Newname, Checks: map[string]string{}}
		for name, text := range ti.Checks {
			if !contains(exprColumnsOf(text), s.Subname) {
				continue
			}
			nt, ok := RenameColumnRef(text, s.Subname, s.Newname)
			if !ok {
				return Result{}, pgerror.New(pgerror.FeatureNotSupported, "cannot rename column %q used by check constraint %q yet", s.Subname, name)
			}
			c.Checks[name] = nt
		}
		return Result{Cmd: c, Tag: "ALTER TABLE"}, nil
	case pg.ObjectType_OBJECT_TABCONSTRAINT:
		ti := t.lookup(s.Relation, s.MissingOk)
		if ti == nil {
			return Result{Cmd: &TableDDL{Kind: "noop"}, Tag: "ALTER TABLE"}, nil
		}
		if _, ok := ti.Constraints[s.Subname]; !ok {
			return Result{}, pgerror.New(pgerror.UndefinedObject, "constraint %q for table %q does not exist", s.Subname, ti.Name)
		}
		if _, ok := ti.Constraints[s.Newname]; ok {
			return Result{}, pgerror.New(pgerror.DuplicateObject, "constraint %q for relation %q already exists", s.Newname, ti.Name)
		}
		return Result{Cmd: &TableDDL{Kind: "rename_constraint", Schema: ti.Schema, Table: ti.Name, From: s.Subname, To: s.Newname}, Tag: "ALTER TABLE"}, nil
	case pg.ObjectType_OBJECT_INDEX:
		parts := []string{s.Relation.Schemaname, s.Relation.Relname}
		return Result{Cmd: &TableDDL{Kind: "rename_index", Objects: [][]string{parts}, To: s.Newname, MissingOK: s.MissingOk}, Tag: "ALTER INDEX"}, nil
	}
	return Result{}, pgerror.New(pgerror.FeatureNotSupported, "ALTER %s ... RENAME is not supported yet", objectWord(s.RenameType))
}
