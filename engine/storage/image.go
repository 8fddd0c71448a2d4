package storage

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
)

// Image is a store's committed state in parts the engine can write down as
// data and build back without running SQL (the bootstrap image,
// engine/bootstrap_image.go): the schemas, every table's definition and
// rows, and the catalog value (Meta). Expressions and index closures stay
// live values here; the engine turns them into text and back.
type Image struct {
	Schemas []string // every schema, sorted, tables or not
	Tables  []TableImage
	Meta    any
}

// TableImage is one table: its definition and its rows in primary key
// order.
type TableImage struct {
	Schema, Name string
	Columns      sql.Schema
	PKOrds       []int
	PKName       string
	Indexes      []IndexImage
	Checks       []sql.CheckDefinition
	ForeignKeys  []sql.ForeignKeyConstraint
	Comment      string
	Collation    sql.CollationID
	NextRowID    int64
	Rows         []sql.Row
}

// IndexImage is one secondary index. Key and Where are the closures of an
// expression or partial index; KeyText and WhereText are the engine's text
// of their expressions, from which the engine rebuilds them.
type IndexImage struct {
	Name      string
	Unique    bool
	Columns   []string
	Key       func(ctx *sql.Context, row sql.Row) (sql.Row, error)
	KeyTypes  []sql.Type
	KeyText   []string
	Where     func(ctx *sql.Context, row sql.Row) (bool, error)
	WhereText string
	Comment   string
	ForFK     bool
}

// Image returns the committed state, tables sorted by schema and name.
// The columns, checks and keys are the store's own (immutable) values:
// callers must not modify them.
func (s *Store) Image() Image {
	r := s.latest()
	img := Image{Schemas: r.schemaNames(), Meta: r.meta}
	for _, sn := range img.Schemas {
		sd := r.schemas[sn]
		for _, tn := range sd.tableNames() {
			td := r.tables[sd.tables[tn]]
			d := td.def
			ti := TableImage{
				Schema: d.schema, Name: d.name, Columns: d.cols, PKOrds: d.pkOrds, PKName: d.pkName,
				Checks: d.checks, ForeignKeys: d.fks, Comment: d.comment, Collation: d.collation,
				NextRowID: td.nextRowID, Rows: td.allRows(),
			}
			for _, ix := range d.indexes {
				ti.Indexes = append(ti.Indexes, IndexImage{
					Name: ix.name, Unique: ix.unique, Columns: ix.columns, Key: ix.key, KeyTypes: ix.keyTypes,
					KeyText: ix.keyText, Where: ix.where, WhereText: ix.whereText, Comment: ix.comment, ForFK: ix.forFK,
				})
			}
			img.Tables = append(img.Tables, ti)
		}
	}
	return img
}

// NewStoreFromImage builds a store whose committed state is img, for the
// database named db. Each table's definition is finished and its indexes
// filled as CREATE TABLE / CREATE INDEX / INSERT would have; the built
// table versions are sealed, so the first write to one clones it.
func NewStoreFromImage(ctx *sql.Context, db string, img Image) (_ *Store, err error) {
	defer guard(&err)
	s := NewStore()
	r := &root{schemas: make(map[string]*schemaData, len(img.Schemas)), tables: make(map[tableID]*tableData, len(img.Tables)), meta: img.Meta}
	for _, sn := range img.Schemas {
		r.schemas[sn] = &schemaData{name: sn, tables: map[string]tableID{}}
	}
	t := &Txn{store: s, root: r, gen: 1}
	for _, ti := range img.Tables {
		sd, ok := r.schemas[ti.Schema]
		if !ok {
			return nil, fmt.Errorf("storage: image: table %s.%s in a missing schema", ti.Schema, ti.Name)
		}
		if _, dup := sd.tables[ti.Name]; dup {
			return nil, fmt.Errorf("storage: image: table %s.%s twice", ti.Schema, ti.Name)
		}
		d := &tableDef{
			db: db, schema: ti.Schema, name: ti.Name, cols: ti.Columns,
			pkOrds: append([]int(nil), ti.PKOrds...), pkName: ti.PKName,
			checks: ti.Checks, fks: ti.ForeignKeys, comment: ti.Comment, collation: ti.Collation,
			shape: &shapeToken{},
		}
		for _, ix := range ti.Indexes {
			d.indexes = append(d.indexes, &indexDef{
				name: ix.Name, unique: ix.Unique, columns: ix.Columns, key: ix.Key, keyTypes: ix.KeyTypes,
				keyText: ix.KeyText, where: ix.Where, whereText: ix.WhereText, comment: ix.Comment, forFK: ix.ForFK,
			})
		}
		if err := d.finish(); err != nil {
			return nil, fmt.Errorf("storage: image: table %s.%s: %w", ti.Schema, ti.Name, err)
		}
		td := newTableData(newTableID(), d, t)
		for _, row := range ti.Rows {
			if err := td.insert(ctx, row); err != nil {
				return nil, fmt.Errorf("storage: image: table %s.%s: %w", ti.Schema, ti.Name, err)
			}
		}
		td.nextRowID = ti.NextRowID
		td.owner, td.sealed = nil, true
		sd.tables[ti.Name] = td.id
		r.tables[td.id] = td
	}
	s.committed = r
	return s, nil
}
