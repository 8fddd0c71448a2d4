package storage

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgident"
)

// pkIndexID is the ID GMS expects of a primary key index.
const pkIndexID = "PRIMARY"

// Index is a sql.Index over one of a table's B-trees: the primary key
// (ID "PRIMARY") or a plain secondary index. Its order is PostgreSQL's:
// ascending, NULL last; reversed, NULL first.
type Index struct {
	db, table string
	name      string
	unique    bool
	generated bool
	cols      []string
	types     []sql.Type
	comment   string
}

var (
	_ sql.Index        = (*Index)(nil)
	_ sql.OrderedIndex = (*Index)(nil)
)

// ID implements sql.Index.
func (ix *Index) ID() string { return ix.name }

// Database implements sql.Index.
func (ix *Index) Database() string { return ix.db }

// Table implements sql.Index.
func (ix *Index) Table() string { return ix.table }

// Expressions implements sql.Index: "table.column", as GMS matches them.
func (ix *Index) Expressions() []string {
	out := make([]string, len(ix.cols))
	for i, c := range ix.cols {
		out[i] = ix.table + "." + c
	}
	return out
}

// NumColumns is the number of the index's key columns.
func (ix *Index) NumColumns() int { return len(ix.cols) }

// Column is the name of the index's key column i (0-based), without the
// table's name Expressions puts before it.
func (ix *Index) Column(i int) string { return ix.cols[i] }

// IsUnique implements sql.Index.
func (ix *Index) IsUnique() bool { return ix.unique }

// IsSpatial implements sql.Index.
func (ix *Index) IsSpatial() bool { return false }

// IsFullText implements sql.Index.
func (ix *Index) IsFullText() bool { return false }

// IsVector implements sql.Index.
func (ix *Index) IsVector() bool { return false }

// Comment implements sql.Index.
func (ix *Index) Comment() string { return ix.comment }

// IndexType implements sql.Index.
func (ix *Index) IndexType() string { return "BTREE" }

// IsGenerated implements sql.Index: indexes GMS created for a foreign key.
func (ix *Index) IsGenerated() bool { return ix.generated }

// ColumnExpressionTypes implements sql.Index.
func (ix *Index) ColumnExpressionTypes() []sql.ColumnExpressionType {
	out := make([]sql.ColumnExpressionType, len(ix.cols))
	for i, c := range ix.cols {
		out[i] = sql.ColumnExpressionType{Expression: ix.table + "." + c, Type: ix.types[i]}
	}
	return out
}

// CanSupport implements sql.Index: any MySQL range over the index columns.
func (ix *Index) CanSupport(_ *sql.Context, ranges ...sql.Range) bool {
	for _, r := range ranges {
		mr, ok := r.(sql.MySQLRange)
		if !ok || len(mr) > len(ix.cols) {
			return false
		}
	}
	return true
}

// CanSupportOrderBy implements sql.Index (vector ordering only).
func (ix *Index) CanSupportOrderBy(sql.Expression) bool { return false }

// PrefixLengths implements sql.Index.
func (ix *Index) PrefixLengths() []uint16 { return nil }

// Order implements sql.OrderedIndex.
func (ix *Index) Order() sql.IndexOrder { return sql.IndexOrderAsc }

// Reversible implements sql.OrderedIndex.
func (ix *Index) Reversible() bool { return true }

// sqlIndexes returns the indexes GMS may use: the primary key and plain
// secondary indexes.
func (d *tableDef) sqlIndexes() []sql.Index {
	var out []sql.Index
	if !d.keyless() {
		pk := &Index{db: d.db, table: d.name, name: pkIndexID, unique: true, cols: d.pkColumns()}
		for _, o := range d.pkOrds {
			pk.types = append(pk.types, d.cols[o].Type)
		}
		out = append(out, pk)
	}
	for _, ix := range d.indexes {
		if !ix.visibleToGMS() {
			continue
		}
		gi := &Index{db: d.db, table: d.name, name: ix.name, unique: ix.unique, generated: ix.forFK,
			cols: ix.columns, comment: ix.comment}
		for _, o := range ix.ords {
			gi.types = append(gi.types, d.cols[o].Type)
		}
		out = append(out, gi)
	}
	return out
}

// GetIndexes implements sql.IndexAddressable.
func (h *Table) GetIndexes(ctx *sql.Context) ([]sql.Index, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	return td.def.sqlIndexes(), nil
}

// PreciseMatch implements sql.IndexAddressable: lookups return exactly the
// rows in their ranges, so GMS drops the filters they came from.
func (h *Table) PreciseMatch() bool { return true }

// IndexedAccess implements sql.IndexAddressable.
func (h *Table) IndexedAccess(_ *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	return &IndexedTable{Table: h, lookup: lookup}
}

// IndexInfo describes one index for the engine's catalog.
type IndexInfo struct {
	Name       string
	Unique     bool
	PrimaryKey bool
	Columns    []string   // plain columns; empty for an expression index
	Expression bool       // key computed by IndexSpec.Key
	KeyText    []string   // IndexSpec.KeyText of an expression index
	KeyTypes   []sql.Type // IndexSpec.KeyTypes of an expression index
	// Source and WhereSource are IndexSpec's: the PostgreSQL source text
	// of the key parts and predicate (empty when not known).
	Source      []string
	WhereSource string
	Partial     bool // has IndexSpec.Where
	ForFK       bool // created by GMS to support a foreign key
	AM          IndexAM
}

// IndexAM is how CREATE INDEX asked for an index, for pg_get_indexdef
// and pg_class.relam: its access method (the index itself is always
// this store's ordered index) and each key part's operator class and
// ordering as written.
type IndexAM struct {
	Method   string   // "" is btree
	Opclass  []string // per key part, "" for the default
	Ordering []string // per key part: "", "DESC", "NULLS FIRST", "DESC NULLS LAST"
	Options  []string // storage parameters as pg_class.reloptions holds them: "fillfactor=70"
	// Collation is each key part's COLLATE as written ("" for the
	// column's own); Include the INCLUDE columns, which the index lists
	// but does not key on (uniqueness is the key parts').
	Collation []string
	Include   []string
}

func (a IndexAM) clone() IndexAM {
	return IndexAM{Method: a.Method, Opclass: append([]string(nil), a.Opclass...), Ordering: append([]string(nil), a.Ordering...),
		Options: append([]string(nil), a.Options...), Collation: append([]string(nil), a.Collation...),
		Include: append([]string(nil), a.Include...)}
}

// Indexes lists the primary key (named by its constraint name) and every
// secondary index, including ones GMS cannot see.
func (h *Table) Indexes(ctx *sql.Context) ([]IndexInfo, error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, err
	}
	defer t.mu.Unlock()
	d := td.def
	var out []IndexInfo
	if !d.keyless() {
		out = append(out, IndexInfo{Name: d.pkName, Unique: true, PrimaryKey: true, Columns: d.pkColumns(),
			AM: IndexAM{Include: append([]string(nil), d.pkInclude...)}})
	}
	for _, ix := range d.indexes {
		out = append(out, IndexInfo{Name: ix.name, Unique: ix.unique, Columns: append([]string(nil), ix.columns...),
			Expression: ix.key != nil, KeyText: ix.keyText, KeyTypes: ix.keyTypes, Partial: ix.where != nil, ForFK: ix.forFK,
			Source: ix.source, WhereSource: ix.whereSource, AM: ix.am.clone()})
	}
	return out, nil
}

// IndexKey computes the key of row in the named index (the primary key under
// its constraint name or "PRIMARY"); ok is false when a partial index
// excludes the row. The engine uses it to report the key of a unique
// violation from UniqueViolation.Existing.
func (h *Table) IndexKey(ctx *sql.Context, index string, row sql.Row) (key sql.Row, ok bool, err error) {
	t, td, err := h.currentDef(ctx)
	if err != nil {
		return nil, false, err
	}
	defer t.mu.Unlock()
	defer t.allowCallOut()()
	d := td.def
	if !d.keyless() && (index == d.pkName || index == pkIndexID) {
		return d.pkKey(row), true, nil
	}
	_, ix := d.indexByName(index)
	if ix == nil {
		return nil, false, fmt.Errorf("storage: table %q has no index %q", d.name, index)
	}
	key, ok, err = indexKey(ctx, t, ix, row)
	return concat(key, nil), ok, err // indexKey's may be part of row
}

// IndexSpec defines a secondary index GMS's IndexDef cannot express:
// expression and partial indexes.
//
// Key and Where receive stored rows in the table's current column layout.
// Column changes (ADD/DROP/MODIFY COLUMN, primary key changes) rebuild the
// index with the same functions, and DROP COLUMN cannot tell which columns
// they read: the engine recreates or drops such indexes on those changes.
type IndexSpec struct {
	Name    string
	Unique  bool
	Columns []string // plain columns, or empty when Key is set
	// Key computes the key (expression index); KeyTypes are its types.
	Key      func(ctx *sql.Context, row sql.Row) (sql.Row, error)
	KeyTypes []sql.Type
	// KeyText identifies each key part (the engine's canonical text of
	// the expression), so ON CONFLICT can infer the index from a target
	// written the same way.
	KeyText []string
	// Where is a partial index predicate: rows where it is false or NULL are
	// not indexed and never conflict.
	Where func(ctx *sql.Context, row sql.Row) (bool, error)
	// WhereText is the engine's text of the predicate (Image).
	WhereText string
	// Source is the PostgreSQL source text of each key part (a plain
	// column part's is its name) and WhereSource the predicate's, as
	// written in CREATE INDEX, for pg_get_indexdef.
	Source      []string
	WhereSource string
	Comment     string
	AM          IndexAM
}

// CreateIndexSpec creates an index from a spec. Existing rows are indexed;
// a unique violation among them fails with the unique-key error and the
// index is not created. Expression and partial indexes enforce uniqueness
// but GMS never sees them (it would use them for lookups).
func (h *Table) CreateIndexSpec(ctx *sql.Context, spec IndexSpec) error {
	ix := &indexDef{
		name:        spec.Name,
		unique:      spec.Unique,
		columns:     append([]string(nil), spec.Columns...),
		key:         spec.Key,
		keyTypes:    append([]sql.Type(nil), spec.KeyTypes...),
		keyText:     append([]string(nil), spec.KeyText...),
		where:       spec.Where,
		whereText:   spec.WhereText,
		comment:     spec.Comment,
		source:      append([]string(nil), spec.Source...),
		whereSource: spec.WhereSource,
		am:          spec.AM.clone(),
	}
	switch {
	case ix.key != nil && len(ix.columns) > 0:
		return fmt.Errorf("storage: index %q: Columns and Key are exclusive", spec.Name)
	case ix.key != nil && len(ix.keyTypes) == 0:
		return fmt.Errorf("storage: index %q: Key needs KeyTypes", spec.Name)
	case ix.key == nil && len(ix.columns) == 0:
		return fmt.Errorf("storage: index %q has no columns", spec.Name)
	}
	return h.addIndex(ctx, ix)
}

// CreateIndex implements sql.IndexAlterableTable.
func (h *Table) CreateIndex(ctx *sql.Context, def sql.IndexDef) error {
	return h.createIndexDef(ctx, def, false)
}

// CreateIndexForForeignKey implements sql.ForeignKeyTable.
func (h *Table) CreateIndexForForeignKey(ctx *sql.Context, def sql.IndexDef) error {
	return h.createIndexDef(ctx, def, true)
}

func (h *Table) createIndexDef(ctx *sql.Context, def sql.IndexDef, forFK bool) error {
	switch def.Constraint {
	case sql.IndexConstraint_None, sql.IndexConstraint_Unique:
	case sql.IndexConstraint_Primary:
		return h.CreatePrimaryKey(ctx, def.Columns)
	default:
		return fmt.Errorf("%w: %s index %q", ErrUnsupported, constraintName(def.Constraint), def.Name)
	}
	ix := &indexDef{name: def.Name, unique: def.IsUnique(), comment: def.Comment, forFK: forFK}
	for _, c := range def.Columns {
		if c.Length > 0 {
			return fmt.Errorf("%w: index prefix lengths (column %q)", ErrUnsupported, c.Name)
		}
		ix.columns = append(ix.columns, c.Name)
	}
	if ix.name == "" {
		suffix := "idx"
		if ix.unique {
			suffix = "key"
		}
		ix.name = pgident.MakeObjectName(h.def.name, pgident.ColumnsAddition(ix.columns), suffix)
	}
	return h.addIndex(ctx, ix)
}

func constraintName(c sql.IndexConstraint) string {
	switch c {
	case sql.IndexConstraint_Fulltext:
		return "fulltext"
	case sql.IndexConstraint_Spatial:
		return "spatial"
	case sql.IndexConstraint_Vector:
		return "vector"
	}
	return fmt.Sprintf("kind %d", c)
}

// addIndex adds a secondary index and builds its tree from the rows.
func (h *Table) addIndex(ctx *sql.Context, ix *indexDef) error {
	return h.alter(ctx, func(t *Txn, td *tableData) (err error) {
		defer guard(&err)
		d := td.def.clone()
		// A foreign key's hidden index is named after its key, a name
		// PostgreSQL leaves free for an index (a key has none there): the
		// hidden one takes a free name instead, the one here or the one
		// in the way.
		if i, old := d.indexByName(ix.name); i >= 0 && old.forFK != ix.forFK {
			if ix.forFK {
				ix.name = d.freeIndexName(ix.name + "_fk")
			} else {
				moved := *old
				moved.name = d.freeIndexName(old.name + "_fk")
				d.indexes = append([]*indexDef(nil), d.indexes...)
				d.indexes[i] = &moved
			}
		}
		if i, _ := d.indexByName(ix.name); i >= 0 || (!d.keyless() && ix.name == d.pkName) {
			return sql.ErrDuplicateKey.New(ix.name)
		}
		d.indexes = append(append([]*indexDef(nil), d.indexes...), ix)
		if err := d.finish(); err != nil {
			return err
		}
		if !ix.forFK {
			// its pg_class row is appended (catalog_order.go)
			t.setRelSeq(QualifiedName{d.schema, ix.name}, t.nextSeq())
		}
		n := len(d.indexes) - 1
		built := d.indexes[n]
		tr := newTree(built.order)
		var buildErr error
		td.rows.Ascend(func(e *entry) bool {
			key, ok, err := indexKey(ctx, t, built, e.row())
			if err != nil {
				buildErr = err
				return false
			}
			if !ok {
				return true
			}
			if built.unique && !hasNull(key) {
				var dup sql.Row
				tr.AscendGreaterOrEqual(pivot(key, -1), func(o *entry) bool {
					if k, pk := built.order.split(o, len(key)); built.order.comparePrefix(k, key, len(key)) == 0 {
						dup = pk
					}
					return false
				})
				if dup != nil {
					other, _ := td.stored(dup)
					buildErr = uniqueViolation(d, built, key, other.row())
					return false
				}
			}
			tr.ReplaceOrInsert(indexEntry(built, key, e))
			return true
		})
		if buildErr != nil {
			return buildErr
		}
		td.def = d
		td.idx = append(append([]*tree(nil), td.idx...), tr)
		return nil
	})
}

// DropIndex implements sql.IndexAlterableTable.
func (h *Table) DropIndex(ctx *sql.Context, name string) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		i, _ := td.def.indexByName(name)
		if i < 0 {
			return sql.ErrCantDropFieldOrKey.New(name)
		}
		d := td.def.clone()
		d.indexes = append(append([]*indexDef(nil), d.indexes[:i]...), d.indexes[i+1:]...)
		if err := d.finish(); err != nil {
			return err
		}
		td.def = d
		td.idx = append(append([]*tree(nil), td.idx[:i]...), td.idx[i+1:]...)
		return nil
	})
}

// RenameIndex implements sql.IndexAlterableTable. Renaming "PRIMARY" or the
// primary key's constraint name renames the constraint.
func (h *Table) RenameIndex(ctx *sql.Context, from, to string) error {
	var t *Txn
	oldName := from
	err := h.alterIndexDef(ctx, from, func(d *tableDef) error {
		if j, _ := d.indexByName(to); j >= 0 {
			return sql.ErrDuplicateKey.New(to)
		}
		if from == pkIndexID {
			oldName = d.pkName
		}
		return nil
	}, func(d *tableDef) { d.pkName = to }, func(ix *indexDef) { ix.name = to })
	if err != nil {
		return err
	}
	if t, err = txnOf(ctx); err != nil {
		return err
	}
	// the index keeps its place in the catalog order under its new name
	t.mu.Lock()
	defer t.mu.Unlock()
	if n, ok := t.root.relSeqs[QualifiedName{h.def.schema, oldName}]; ok {
		t.setRelSeq(QualifiedName{h.def.schema, to}, n)
	}
	return nil
}

// SetIndexInclude sets the INCLUDE columns of the named index (the
// primary key under its constraint name): a UNIQUE or PRIMARY KEY
// constraint's, whose index GMS creates on the key columns. They are
// listed, not indexed, so nothing is re-indexed.
func (h *Table) SetIndexInclude(ctx *sql.Context, name string, cols []string) error {
	return h.alterIndexDef(ctx, name, func(d *tableDef) error {
		for _, c := range cols {
			if d.colIndex(c) < 0 {
				return sql.ErrKeyColumnDoesNotExist.New(c)
			}
		}
		return nil
	}, func(d *tableDef) { d.pkInclude = append([]string(nil), cols...) }, func(ix *indexDef) {
		ix.am = ix.am.clone()
		ix.am.Include = append([]string(nil), cols...)
	})
}

// alterIndexDef changes the definition of index name in a copy of the
// table's: pk changes the primary key (named by its constraint or
// "PRIMARY"), change a copy of any other index; check runs first.
func (h *Table) alterIndexDef(ctx *sql.Context, name string, check func(d *tableDef) error, pk func(d *tableDef), change func(ix *indexDef)) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		if err := check(td.def); err != nil {
			return err
		}
		d := td.def.clone()
		if !d.keyless() && (name == d.pkName || name == pkIndexID) {
			pk(d)
		} else {
			i, _ := d.indexByName(name)
			if i < 0 {
				return sql.ErrCantDropFieldOrKey.New(name)
			}
			ix := *d.indexes[i]
			change(&ix)
			d.indexes = append([]*indexDef(nil), d.indexes...)
			d.indexes[i] = &ix
		}
		if err := d.finish(); err != nil {
			return err
		}
		td.def = d
		return nil
	})
}

// SetPrimaryKeyName sets the PostgreSQL name of the primary key constraint.
func (h *Table) SetPrimaryKeyName(ctx *sql.Context, name string) error {
	return h.RenameIndex(ctx, pkIndexID, name)
}

// IndexExprs are the stored expressions of an expression or partial
// index, as IndexSpec has them.
type IndexExprs struct {
	Key         func(ctx *sql.Context, row sql.Row) (sql.Row, error)
	KeyText     []string
	Where       func(ctx *sql.Context, row sql.Row) (bool, error)
	WhereText   string
	Source      []string
	WhereSource string
}

// SetIndexExprs replaces the named index's expressions with ones that
// compute the same keys, written differently: after a column rename they
// name the column by its new name. Nothing is re-indexed.
func (h *Table) SetIndexExprs(ctx *sql.Context, name string, e IndexExprs) error {
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		d := td.def.clone()
		i, _ := d.indexByName(name)
		if i < 0 {
			return sql.ErrCantDropFieldOrKey.New(name)
		}
		ix := *d.indexes[i]
		if (ix.key != nil) != (e.Key != nil) || (ix.where != nil) != (e.Where != nil) {
			return fmt.Errorf("storage: index %q: replacement expressions of another shape", name)
		}
		ix.key, ix.keyText, ix.where, ix.whereText = e.Key, append([]string(nil), e.KeyText...), e.Where, e.WhereText
		ix.source, ix.whereSource = append([]string(nil), e.Source...), e.WhereSource
		d.indexes = append([]*indexDef(nil), d.indexes...)
		d.indexes[i] = &ix
		if err := d.finish(); err != nil {
			return err
		}
		td.def = d
		return nil
	})
}
