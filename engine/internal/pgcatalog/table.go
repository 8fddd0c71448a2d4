package pgcatalog

import (
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// column declares one catalog column.
type column struct {
	name string
	typ  *types.Type
}

// def is one catalog relation: its columns and how to compute its rows.
type def struct {
	cols []column
	rows func(s *State) ([][]any, error)
}

// Table is a system catalog relation as GMS sees it: read-only, computed
// when scanned.
type Table struct {
	schema, name string
	def          *def
	source       Source
	sch          sql.Schema // the columns a scan returns
	full         sql.Schema // every column of def
	// proj are the columns of def a scan returns, in order, once GMS
	// pruned the others (WithProjections); nil returns them all.
	proj      []int
	projNames []string
}

var (
	_ sql.Table           = (*Table)(nil)
	_ sql.ProjectedTable  = (*Table)(nil)
	_ sql.PrimaryKeyTable = (*Table)(nil)
)

// defOf is the definition of catalog relation schema.name, nil for none.
func defOf(schema, name string) *def {
	switch schema {
	case "pg_catalog":
		return pgCatalog[name]
	case "information_schema":
		return informationSchema[name]
	}
	return nil
}

// Lookup returns the catalog relation schema.name, reading through source.
func Lookup(schema, name string, source Source) (*Table, bool) {
	d := defOf(schema, name)
	if d == nil {
		return nil, false
	}
	t := &Table{schema: schema, name: name, def: d, source: source}
	for _, c := range d.cols {
		t.sch = append(t.sch, &sql.Column{Name: c.name, Type: c.typ, Nullable: true, Source: name, DatabaseSource: schema})
	}
	t.full = t.sch
	return t, true
}

// IsRelation reports whether t is a catalog relation of this package,
// read directly or through an oid lookup. It keeps no rows: each scan
// computes them from its context's State (Source), so a plan holding it
// may run again.
func IsRelation(t sql.Table) bool {
	switch t.(type) {
	case *Table, *indexedTable:
		return true
	}
	return false
}

// Name implements sql.Table.
func (t *Table) Name() string { return t.name }

// WithProjections implements sql.ProjectedTable: the relation returning
// only the named columns. A query reads a few of a catalog's columns (psql
// and PostgREST join pg_class's 33 for a name and a kind), and each scan
// copies its rows (copyIter) and each join appends them: copies of the
// columns read only.
func (t *Table) WithProjections(names []string) sql.Table {
	n := *t
	n.sch, n.proj, n.projNames = nil, make([]int, 0, len(names)), names
	for _, name := range names {
		for i, c := range t.def.cols {
			if strings.EqualFold(c.name, name) {
				n.proj = append(n.proj, i)
				n.sch = append(n.sch, t.full[i])
				break
			}
		}
	}
	return &n
}

// Projections implements sql.ProjectedTable.
func (t *Table) Projections() []string { return t.projNames }

// PrimaryKeySchema implements sql.PrimaryKeyTable: every column, which GMS
// numbers a projected relation's columns by (it has no primary key).
func (t *Table) PrimaryKeySchema() sql.PrimaryKeySchema {
	return sql.NewPrimaryKeySchema(t.full)
}

// String implements sql.Table.
func (t *Table) String() string { return t.schema + "." + t.name }

// Schema implements sql.Table.
func (t *Table) Schema() sql.Schema { return t.sch }

// Collation implements sql.Table.
func (t *Table) Collation() sql.CollationID { return sql.Collation_Default }

// Partitions implements sql.Table: one partition.
func (t *Table) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return &partitions{}, nil
}

// PartitionRows implements sql.Table: the rows as the session sees them now.
func (t *Table) PartitionRows(ctx *sql.Context, part sql.Partition) (sql.RowIter, error) {
	st, err := t.source(ctx)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	if lp, ok := part.(*lookupPartition); ok {
		rows, err = t.lookupRows(st, lp.lookup) // index.go
	} else {
		rows, err = st.rowsOf(t.def) // memo.go
	}
	if err != nil {
		return nil, err
	}
	return newCopyIter(rows, t.proj), nil
}

// copyIter returns copies of rows, or of their projected columns: each
// scan gets its own (the rows are shared by the statement's scans and
// kept for the next statement, and a consumer such as INSERT ... SELECT
// converts values in place), carved out of one allocation as the scan
// reaches them.
type copyIter struct {
	rows []sql.Row
	proj []int // nil: every column
	buf  []any
}

func newCopyIter(rows []sql.Row, proj []int) *copyIter {
	n := 0
	if proj != nil {
		n = len(proj) * len(rows)
	} else {
		for _, r := range rows {
			n += len(r)
		}
	}
	return &copyIter{rows: rows, proj: proj, buf: make([]any, n)}
}

// Next implements sql.RowIter.
func (it *copyIter) Next(*sql.Context) (sql.Row, error) {
	if len(it.rows) == 0 {
		return nil, io.EOF
	}
	var k int
	if it.proj != nil {
		k = len(it.proj)
		for i, c := range it.proj {
			it.buf[i] = it.rows[0][c]
		}
	} else {
		k = copy(it.buf, it.rows[0])
	}
	r := sql.Row(it.buf[:k:k])
	it.buf, it.rows = it.buf[k:], it.rows[1:]
	return r, nil
}

// Close implements sql.RowIter.
func (it *copyIter) Close(*sql.Context) error {
	it.rows, it.buf = nil, nil
	return nil
}

// errEOF ends a partition iterator.
var errEOF = io.EOF

type partition struct{}

func (partition) Key() []byte { return []byte("all") }

type partitions struct{ done bool }

func (p *partitions) Next(*sql.Context) (sql.Partition, error) {
	if p.done {
		return nil, errEOF
	}
	p.done = true
	return partition{}, nil
}

func (p *partitions) Close(*sql.Context) error { return nil }

// Shorthands for the information_schema domains, as their base types
// (what a client sees on the wire).
var (
	sqlIdentifier  = types.Name
	characterData  = types.Varchar
	yesOrNo        = types.Varchar.WithMod(3 + 4)
	cardinalNumber = types.Int4
)

func yesNo(b bool) string {
	if b {
		return "YES"
	}
	return "NO"
}

// nullable returns nil for an empty string.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// The catalogs are read-only but for a superuser's writes of pg_enum
// (pg_enum_write.go): writes fail as PostgreSQL refuses them to a role
// without privileges on the catalog.
var (
	_ sql.InsertableTable = (*Table)(nil)
	_ sql.UpdatableTable  = (*Table)(nil)
	_ sql.DeletableTable  = (*Table)(nil)
)

// Inserter implements sql.InsertableTable.
func (t *Table) Inserter(*sql.Context) sql.RowInserter { return readOnly{t} }

// Updater implements sql.UpdatableTable (pg_enum_write.go).
func (t *Table) Updater(ctx *sql.Context) sql.RowUpdater { return t.updater(ctx) }

// Deleter implements sql.DeletableTable.
func (t *Table) Deleter(*sql.Context) sql.RowDeleter { return readOnly{t} }

// readOnly is the editor of a catalog relation: every change is refused.
type readOnly struct{ t *Table }

func (r readOnly) err() error {
	return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for %s %s", r.t.kind(), r.t.name)
}

func (r readOnly) Insert(*sql.Context, sql.Row) error          { return r.err() }
func (r readOnly) Update(*sql.Context, sql.Row, sql.Row) error { return r.err() }
func (r readOnly) Delete(*sql.Context, sql.Row) error          { return r.err() }
func (readOnly) StatementBegin(*sql.Context)                   {}
func (readOnly) DiscardChanges(*sql.Context, error) error      { return nil }
func (readOnly) StatementComplete(*sql.Context) error          { return nil }
func (readOnly) Close(*sql.Context) error                      { return nil }

// kind is "table" or "view", as the permission error names it.
func (t *Table) kind() string {
	if _, ok := catalogTableOIDs[t.name]; ok && t.schema == "pg_catalog" {
		return "table"
	}
	return "view"
}
