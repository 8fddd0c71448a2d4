package storage

import (
	"fmt"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// Image is a store's committed state in parts the engine can write down as
// data and build back without running SQL (the bootstrap image,
// engine/internal/session/bootstrap_image.go): the schemas, every table's definition and
// rows, and the catalog value (Meta). Expressions and index closures stay
// live values here; the engine turns them into text and back.
type Image struct {
	Schemas []string // every schema, sorted, tables or not
	// SchemaSeqs are the schemas' catalog-order numbers (parallel to
	// Schemas; catalog_order.go), Seq the last one given out.
	SchemaSeqs []uint64
	Seq        uint64
	// RelSeqs are the catalog-order numbers of the relations other than
	// tables (Txn.TouchRelation).
	RelSeqs []RelationSeq
	Tables  []TableImage
	Meta    any
	// NextXID is the next transaction id (0: the first one).
	NextXID uint32
}

// TableImage is one table: its definition and its rows in heap order
// (heap.go).
type TableImage struct {
	Schema, Name string
	Columns      sql.Schema
	PKOrds       []int
	PKName       string
	PKInclude    []string
	Indexes      []IndexImage
	Checks       []sql.CheckDefinition
	NotValid     []string // checks added NOT VALID, not yet validated
	ForeignKeys  []sql.ForeignKeyConstraint
	Comment      string
	Collation    sql.CollationID
	Seq          uint64 // catalog order (catalog_order.go)
	NextRowID    int64
	Rows         []sql.Row
	// TIDs, when set, are the rows' tuple numbers (parallel to Rows,
	// increasing) and NextTID the heap's next one; without them the rows
	// are numbered from 0. Rows built from an image are frozen (xmin 2).
	TIDs    []int64
	NextTID int64
	// Stats are the table's ANALYZE statistics (nil: never analyzed);
	// NewStoreFromImage leaves them out (Txn.SetStats puts them back).
	Stats *TableStats
	// Lazy, when set, supplies the stored expressions the image left out
	// (NewStoreFromImage): called at most once, on the table's first use.
	Lazy func() (LazyParts, error)
}

// LazyParts are a table's stored expressions, built on first use: the
// columns again with their Default and Generated values, and per index
// (parallel to TableImage.Indexes) the Key and Where functions of
// expression and partial indexes.
type LazyParts struct {
	Columns sql.Schema
	Indexes []IndexImage
}

// lazyDef builds a definition's stored expressions once. The definition
// it hangs off serves everything that needs no expression (row layout,
// keys, constraints); resolved returns the complete one.
type lazyDef struct {
	once  sync.Once
	build func() (LazyParts, error)
	from  *tableDef
	def   *tableDef
	parts LazyParts
	err   error
}

// resolved returns the complete definition: d itself unless d was built
// from an image that left its stored expressions to first use. The
// image's expressions were checked when it was generated (engine's
// TestBootstrapImage), so a failure here is a bug: it panics (on every
// use of the table), and the engine turns the panic into an internal
// error.
func (d *tableDef) resolved() *tableDef {
	l := d.lazy
	if l == nil {
		return d
	}
	l.once.Do(func() {
		parts, err := l.build()
		if err == nil && len(parts.Columns) != len(l.from.cols) {
			err = fmt.Errorf("%d columns for %d", len(parts.Columns), len(l.from.cols))
		}
		if err != nil {
			l.err = fmt.Errorf("storage: table %s.%s: building its stored expressions: %w", l.from.schema, l.from.name, err)
			return
		}
		r := *l.from
		r.lazy = nil
		r.cols = make(sql.Schema, len(l.from.cols))
		for i, c := range l.from.cols {
			nc := *c
			nc.Default, nc.Generated = parts.Columns[i].Default, parts.Columns[i].Generated
			r.cols[i] = &nc
		}
		l.parts, l.def = parts, &r
	})
	if l.err != nil {
		panic(compareError{l.err}) // guard returns it as the caller's error
	}
	return l.def
}

// lazyIndexFuncs gives index n of a lazily built definition Key and Where
// functions that build the table's expressions on their first call.
func (l *lazyDef) indexFuncs(ix *indexDef, n int) {
	if len(ix.keyText) > 0 && ix.key == nil {
		ix.key = func(ctx *sql.Context, row sql.Row) (sql.Row, error) {
			l.from.resolved()
			return l.parts.Indexes[n].Key(ctx, row)
		}
	}
	if ix.whereText != "" && ix.where == nil {
		ix.where = func(ctx *sql.Context, row sql.Row) (bool, error) {
			l.from.resolved()
			return l.parts.Indexes[n].Where(ctx, row)
		}
	}
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
	// Source and WhereSource are IndexSpec's PostgreSQL source text.
	Source      []string
	WhereSource string
	Comment     string
	ForFK       bool
	AM          IndexAM
}

// Image returns the committed state, tables sorted by schema and name.
// The columns, checks and keys are the store's own (immutable) values:
// callers must not modify them.
func (s *Store) Image() (Image, error) {
	img, err := imageOfRoot(s.latest())
	img.NextXID = s.peekXID()
	return img, err
}

// imageOfRoot fails when a table's definition, built lazily from an image,
// cannot be built.
func imageOfRoot(r *root) (img Image, err error) {
	defer guard(&err)
	img = Image{Schemas: r.schemaNames(), Meta: r.meta, Seq: r.seq, RelSeqs: relationSeqs(r.relSeqs)}
	img.SchemaSeqs = make([]uint64, len(img.Schemas))
	for i, sn := range img.Schemas {
		sd := r.schemas[sn]
		img.SchemaSeqs[i] = sd.seq
		for _, tn := range sd.tableNames() {
			td, _ := r.tables.get(sd.tables[tn])
			if err := td.ready(); err != nil {
				return img, err
			}
			d := td.def.resolved()
			ti := TableImage{
				Schema: d.schema, Name: d.name, Columns: d.cols, PKOrds: d.pkOrds, PKName: d.pkName, PKInclude: d.pkInclude,
				Checks: d.checks, NotValid: d.notValid, ForeignKeys: d.fks, Comment: d.comment, Collation: d.collation,
				Seq: d.seq, NextRowID: td.nextRowID, Rows: td.allRows(), NextTID: td.nextTID, Stats: td.stats,
			}
			ti.TIDs = make([]int64, 0, len(ti.Rows))
			td.ascendHeap(func(e *entry) bool {
				ti.TIDs = append(ti.TIDs, e.tid)
				return true
			})
			for _, ix := range d.indexes {
				ti.Indexes = append(ti.Indexes, IndexImage{
					Name: ix.name, Unique: ix.unique, Columns: ix.columns, Key: ix.key, KeyTypes: ix.keyTypes,
					KeyText: ix.keyText, Where: ix.where, WhereText: ix.whereText, Comment: ix.comment, ForFK: ix.forFK,
					Source: ix.source, WhereSource: ix.whereSource, AM: ix.am,
				})
			}
			img.Tables = append(img.Tables, ti)
		}
	}
	return img, nil
}

// NewStoreFromImage builds a store whose committed state is img, for the
// database named db. Each table's definition is finished and its indexes
// filled as CREATE TABLE / CREATE INDEX / INSERT would have; the built
// table versions are sealed, so the first write to one clones it. ctx is
// only used to insert rows (nil is fine when there are none).
func NewStoreFromImage(ctx *sql.Context, db string, img Image) (_ *Store, err error) {
	defer guard(&err)
	s := NewStore()
	r := &root{schemas: make(map[string]*schemaData, len(img.Schemas)), meta: img.Meta, seq: img.Seq}
	for i, sn := range img.Schemas {
		sd := &schemaData{name: sn, tables: map[string]tableID{}}
		if i < len(img.SchemaSeqs) {
			sd.seq = img.SchemaSeqs[i]
		}
		r.seq = max(r.seq, sd.seq)
		r.schemas[sn] = sd
	}
	if len(img.RelSeqs) > 0 {
		r.relSeqs = make(map[QualifiedName]uint64, len(img.RelSeqs))
		for _, rs := range img.RelSeqs {
			r.relSeqs[QualifiedName{rs.Schema, rs.Name}] = rs.Seq
			r.seq = max(r.seq, rs.Seq)
		}
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
			pkOrds: append([]int(nil), ti.PKOrds...), pkName: ti.PKName, pkInclude: ti.PKInclude,
			checks: ti.Checks, notValid: ti.NotValid, fks: ti.ForeignKeys, comment: ti.Comment, collation: ti.Collation,
			seq: ti.Seq, shape: &shapeToken{},
		}
		for _, ix := range ti.Indexes {
			d.indexes = append(d.indexes, &indexDef{
				name: ix.Name, unique: ix.Unique, columns: ix.Columns, key: ix.Key, keyTypes: ix.KeyTypes,
				keyText: ix.KeyText, where: ix.Where, whereText: ix.WhereText, comment: ix.Comment, forFK: ix.ForFK,
				source: ix.Source, whereSource: ix.WhereSource, am: ix.AM,
			})
		}
		if ti.Lazy != nil {
			d.lazy = &lazyDef{build: ti.Lazy, from: d}
			for n, ix := range d.indexes {
				d.lazy.indexFuncs(ix, n)
			}
		}
		if err := d.finish(); err != nil {
			return nil, fmt.Errorf("storage: image: table %s.%s: %w", ti.Schema, ti.Name, err)
		}
		td := newTableData(newTableID(), d, t)
		if ti.TIDs != nil && len(ti.TIDs) != len(ti.Rows) {
			return nil, fmt.Errorf("storage: image: table %s.%s: %d tuple numbers for %d rows", ti.Schema, ti.Name, len(ti.TIDs), len(ti.Rows))
		}
		for i, row := range ti.Rows {
			tid := int64(i)
			if ti.TIDs != nil {
				tid = ti.TIDs[i]
			}
			if err := td.insertAt(ctx, row, tid, FrozenXID); err != nil {
				return nil, fmt.Errorf("storage: image: table %s.%s: %w", ti.Schema, ti.Name, err)
			}
		}
		td.nextRowID = ti.NextRowID
		td.nextTID = max(td.nextTID, ti.NextTID)
		td.owner, td.sealed = nil, true
		sd.tables[ti.Name] = td.id
		r.tables.set(td.id, td)
		r.seq = max(r.seq, ti.Seq)
	}
	s.committed, s.visible = r, r
	s.xid = img.NextXID
	return s, nil
}
