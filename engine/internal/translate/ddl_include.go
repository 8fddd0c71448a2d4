package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// KeyInclude is the INCLUDE list of a UNIQUE or PRIMARY KEY constraint
// (PostgreSQL docs: CREATE TABLE, INCLUDE): columns its index lists but
// does not key on, so uniqueness is the key columns'. GMS creates the
// index on the key; the engine then records the list on it.
type KeyInclude struct {
	Index   string // the constraint's index (the primary key's constraint name)
	Columns []string
}

// keyInclude is the KeyInclude of constraint c named name, nil when it
// has no INCLUDE; has tells whether the table has a column.
func keyInclude(c *pg.Constraint, name string, has func(string) bool) *KeyInclude {
	if len(c.Including) == 0 {
		return nil
	}
	var cols []string
	for _, n := range c.Including {
		col := strVal(n)
		if has != nil && !has(col) {
			fail(pgerror.New(pgerror.UndefinedColumn, "column %q named in key does not exist", col))
		}
		cols = append(cols, col)
	}
	return &KeyInclude{Index: name, Columns: cols}
}

// withIncludes makes res (CREATE or ALTER TABLE of table) record incs
// once its constraints exist.
func withIncludes(res Result, schema, table string, incs []KeyInclude) Result {
	if len(incs) == 0 {
		return res
	}
	if td, ok := res.Cmd.(*TableDDL); ok && td.Kind == "sequence" {
		td.Includes = append(td.Includes, incs...)
		return res
	}
	td := &TableDDL{Kind: "sequence", Schema: schema, Table: table, Includes: incs}
	if old, ok := res.Cmd.(*TableDDL); ok && old.Kind == "noop" {
		res.Cmd = nil
	}
	if res.Stmt != nil {
		td.Stmts = []sqlparser.Statement{res.Stmt}
	} else if res.Cmd != nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "INCLUDE together with these ALTER TABLE actions is not supported yet"))
	}
	res.Stmt, res.Cmd = nil, td
	return res
}

// noteInclude remembers the INCLUDE list of a constraint ALTER TABLE ti
// adds.
func (t *Translator) noteInclude(c *pg.Constraint, name string, ti *TableInfo) {
	if inc := keyInclude(c, name, func(col string) bool { _, ok := ti.Column(col); return ok }); inc != nil {
		t.includes = append(t.includes, *inc)
	}
}
