package storage

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgident"
)

// tableDef is a table's definition: columns, primary key, indexes and
// constraints. A tableDef is immutable once built; DDL builds a new one
// (clone, change, finish).
type tableDef struct {
	db, schema, name string
	cols             sql.Schema
	pkOrds           []int    // empty: no primary key, rows are keyed by a hidden row id
	pkName           string   // PostgreSQL constraint name of the primary key
	pkInclude        []string // the primary key's INCLUDE columns (listed, not keyed on)
	indexes          []*indexDef
	checks           []sql.CheckDefinition
	notValid         []string // checks added NOT VALID and not validated since
	fks              []sql.ForeignKeyConstraint
	comment          string
	collation        sql.CollationID
	// seq orders pg_class's rows: set when the table is created and when
	// a change rewrites its pg_class row (catalog_order.go)
	seq uint64

	// shape changes whenever the column list changes, so a handle planned
	// against an older column list can tell its rows would not fit.
	shape *shapeToken

	// Derived by finish.
	pkOrder  *keyOrder // primary tree
	locOrder *keyOrder // row locator of a keyless table

	// lazy, when set, builds this definition's stored expressions on first
	// use (image.go); read the definition through resolved.
	lazy *lazyDef
}

type shapeToken struct{ _ byte }

// indexDef is a secondary index: plain columns, or a computed key
// (expression index), optionally partial.
type indexDef struct {
	name     string
	unique   bool
	columns  []string // plain columns; empty when key is set
	key      func(ctx *sql.Context, row sql.Row) (sql.Row, error)
	keyTypes []sql.Type
	keyText  []string
	where    func(ctx *sql.Context, row sql.Row) (bool, error)
	// whereText is the engine's text of the partial index predicate.
	whereText string
	// source and whereSource are the key parts' and predicate's
	// PostgreSQL source text (a plain column part's is its name), for
	// pg_get_indexdef.
	source      []string
	whereSource string
	comment     string
	forFK       bool // created by GMS to support a foreign key
	am          IndexAM

	// Derived by finish.
	ords  []int     // column ordinals of columns
	run   bool      // ords are consecutive: a key is a part of the row
	order *keyOrder // key types followed by the primary key types
}

// visibleToGMS reports whether GMS may use the index for lookups: only plain
// column indexes over every row qualify.
func (ix *indexDef) visibleToGMS() bool {
	return ix.key == nil && ix.where == nil
}

// keyLen is the number of key parts of the index's entries (before the
// primary key's).
func (ix *indexDef) keyLen() int {
	if ix.key != nil {
		return len(ix.keyTypes)
	}
	return len(ix.columns)
}

func (d *tableDef) keyless() bool { return len(d.pkOrds) == 0 }

// clone returns a shallow copy whose slices may be replaced (not modified in
// place) by the caller.
func (d *tableDef) clone() *tableDef {
	c := *d.resolved()
	return &c
}

// finish validates the definition and computes derived fields. It copies
// the columns and index definitions it touches, because a cloned tableDef
// shares them with the definition it came from.
func (d *tableDef) finish() error {
	d.cols = copyColumns(d.cols)
	for _, c := range d.cols {
		c.Source = d.name
		c.DatabaseSource = d.db
		c.PrimaryKey = false
	}
	pkTypes := make([]sql.Type, 0, len(d.pkOrds))
	for _, o := range d.pkOrds {
		d.cols[o].PrimaryKey = true
		pkTypes = append(pkTypes, d.cols[o].Type)
	}
	if d.keyless() {
		pkTypes = []sql.Type{nil}
		loc := make([]sql.Type, 0, len(d.cols)+1)
		for _, c := range d.cols {
			loc = append(loc, c.Type)
		}
		d.locOrder = &keyOrder{types: append(loc, nil)}
	} else {
		d.locOrder = nil
	}
	d.pkOrder = &keyOrder{types: pkTypes, notNull: true}

	indexes := make([]*indexDef, len(d.indexes))
	for n, old := range d.indexes {
		ix := *old
		indexes[n] = &ix
		var keyTypes []sql.Type
		if ix.key != nil {
			keyTypes = ix.keyTypes
			ix.ords, ix.run = nil, false
		} else {
			ix.columns = append([]string(nil), ix.columns...)
			ix.ords = make([]int, len(ix.columns))
			keyTypes = make([]sql.Type, len(ix.columns))
			for i, name := range ix.columns {
				o := d.colIndex(name)
				if o < 0 {
					return sql.ErrKeyColumnDoesNotExist.New(name)
				}
				ix.ords[i] = o
				ix.run = (i == 0 || ix.run) && o == ix.ords[0]+i
				ix.columns[i] = d.cols[o].Name
				keyTypes[i] = d.cols[o].Type
			}
		}
		ix.order = &keyOrder{types: concatTypes(keyTypes, pkTypes)}
		if ix.run && !intKeys(ix.order.types) {
			ix.order.self, ix.order.first, ix.order.n = true, ix.ords[0], len(ix.ords)
		}
	}
	d.indexes = indexes
	return nil
}

func concatTypes(a, b []sql.Type) []sql.Type {
	out := make([]sql.Type, 0, len(a)+len(b))
	return append(append(out, a...), b...)
}

// colIndex finds a column by exact name, falling back to a unique
// case-insensitive match (GMS lowercases column names in some paths).
func (d *tableDef) colIndex(name string) int {
	for i, c := range d.cols {
		if c.Name == name {
			return i
		}
	}
	found := -1
	for i, c := range d.cols {
		if strings.EqualFold(c.Name, name) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// hasColumn reports whether a column has exactly this name.
func (d *tableDef) hasColumn(name string) bool {
	for _, c := range d.cols {
		if c.Name == name {
			return true
		}
	}
	return false
}

// freeIndexName is base followed by the first number no index has.
func (d *tableDef) freeIndexName(base string) string {
	for n := 1; ; n++ {
		name := base + strconv.Itoa(n)
		if i, _ := d.indexByName(name); i < 0 {
			return name
		}
	}
}

func (d *tableDef) indexByName(name string) (int, *indexDef) {
	for i, ix := range d.indexes {
		if ix.name == name {
			return i, ix
		}
	}
	for i, ix := range d.indexes {
		if strings.EqualFold(ix.name, name) {
			return i, ix
		}
	}
	return -1, nil
}

// pkColumns returns the names of the primary key columns.
func (d *tableDef) pkColumns() []string {
	out := make([]string, len(d.pkOrds))
	for i, o := range d.pkOrds {
		out[i] = d.cols[o].Name
	}
	return out
}

// ownKey is pkKey for a row the table stores: when the primary key
// columns are a run of the row's columns in key order (an id first, as
// most tables have it), the key is that part of the row itself rather
// than a copy, which saves an allocation a row.
func (d *tableDef) ownKey(row sql.Row) sql.Row {
	first := d.pkOrds[0]
	for i, o := range d.pkOrds {
		if o != first+i {
			return d.pkKey(row)
		}
	}
	end := first + len(d.pkOrds)
	return row[first:end:end]
}

// pkKey extracts the primary key of a row of a table with a primary key.
func (d *tableDef) pkKey(row sql.Row) sql.Row {
	k := make(sql.Row, len(d.pkOrds))
	for i, o := range d.pkOrds {
		k[i] = row[o]
	}
	return k
}

// copyColumns deep-copies a column list so GMS's copies can change freely.
func copyColumns(cols sql.Schema) sql.Schema {
	out := make(sql.Schema, len(cols))
	for i, c := range cols {
		out[i] = c.Copy()
	}
	return out
}

// newTableDef builds the definition of a new table.
func newTableDef(db, schema, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string) (*tableDef, error) {
	d := &tableDef{
		db:        db,
		schema:    schema,
		name:      name,
		cols:      sch.Schema,
		pkOrds:    append([]int(nil), sch.PkOrdinals...),
		pkName:    pgident.MakeObjectName(name, "", "pkey"),
		comment:   comment,
		collation: collation,
		shape:     &shapeToken{},
	}
	seen := map[string]bool{}
	for _, c := range d.cols {
		if seen[c.Name] {
			return nil, sql.ErrDuplicateColumn.New(c.Name)
		}
		seen[c.Name] = true
	}
	for _, o := range d.pkOrds {
		if o < 0 || o >= len(d.cols) {
			return nil, fmt.Errorf("storage: primary key ordinal %d out of range for table %q", o, name)
		}
	}
	if err := d.finish(); err != nil {
		return nil, err
	}
	return d, nil
}
