package gmsadapter

import (
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// PostgreSQL accepts a foreign key ON DELETE / ON UPDATE SET NULL on a
// NOT NULL column (and SET NOT NULL on such a key's column): the key is
// only wrong when its action fires, which then fails with 23502 (dml's
// foreign key editors check that). GMS refuses both as MySQL does, in
// ResolveForeignKey and in ALTER COLUMN's iterator. The exec builder
// therefore hands CREATE TABLE's and ADD FOREIGN KEY's SET NULL to GMS
// as storage.SetNullUnchecked, which the table stores as SET NULL, and
// carries out SET NOT NULL on such a column itself.

// uncheckSetNull renames the SET NULL actions of fks.
func uncheckSetNull(fks ...*sql.ForeignKeyConstraint) {
	for _, fk := range fks {
		if fk == nil {
			continue
		}
		if fk.OnDelete == sql.ForeignKeyReferentialAction_SetNull {
			fk.OnDelete = storage.SetNullUnchecked
		}
		if fk.OnUpdate == sql.ForeignKeyReferentialAction_SetNull {
			fk.OnUpdate = storage.SetNullUnchecked
		}
	}
}

// buildSetNotNull runs m itself when it only makes a column of a SET NULL
// foreign key NOT NULL; ok is false for every other column change, which
// GMS runs.
func buildSetNotNull(ctx *sql.Context, m *plan.ModifyColumn) (iter sql.RowIter, ok bool, err error) {
	nc := m.NewColumn()
	if nc == nil || nc.Nullable || m.Order() != nil || m.Database() == nil {
		return nil, false, nil
	}
	nt, named := m.Table.(sql.Nameable)
	if !named {
		return nil, false, nil
	}
	t, found, err := m.Database().GetTableInsensitive(ctx, nt.Name())
	if err != nil || !found {
		return nil, false, nil
	}
	alt, isAlt := t.(sql.AlterableTable)
	fkt, isFK := t.(sql.ForeignKeyTable)
	if !isAlt || !isFK {
		return nil, false, nil
	}
	i := t.Schema().IndexOfColName(m.Column())
	if i < 0 {
		return nil, false, nil
	}
	old := t.Schema()[i]
	if !strings.EqualFold(old.Name, nc.Name) || !old.Type.Equals(nc.Type) {
		return nil, false, nil
	}
	fks, err := fkt.GetDeclaredForeignKeys(ctx)
	if err != nil || !setNullColumn(fks, old.Name) {
		return nil, false, nil
	}
	return &setNotNullIter{alt: alt, column: old.Name, col: nc}, true, nil
}

// setNullColumn reports whether column is a referencing column of a SET
// NULL foreign key among fks.
func setNullColumn(fks []sql.ForeignKeyConstraint, column string) bool {
	for _, fk := range fks {
		if fk.OnDelete != sql.ForeignKeyReferentialAction_SetNull && fk.OnUpdate != sql.ForeignKeyReferentialAction_SetNull {
			continue
		}
		for _, c := range fk.Columns {
			if strings.EqualFold(c, column) {
				return true
			}
		}
	}
	return false
}

// setNotNullIter changes the column when first read, as GMS's ALTER
// iterators do; storage refuses it while a row holds NULL there.
type setNotNullIter struct {
	alt    sql.AlterableTable
	column string
	col    *sql.Column
	done   bool
}

// Next implements sql.RowIter.
func (i *setNotNullIter) Next(ctx *sql.Context) (sql.Row, error) {
	if i.done {
		return nil, io.EOF
	}
	i.done = true
	if err := i.alt.ModifyColumn(ctx, i.column, i.col, nil); err != nil {
		return nil, err
	}
	return sql.NewRow(types.NewOkResult(0)), nil
}

// Close implements sql.RowIter.
func (i *setNotNullIter) Close(*sql.Context) error { return nil }
