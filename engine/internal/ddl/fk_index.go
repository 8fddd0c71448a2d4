package ddl

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// KeepForeignKeyIndexes runs before an ALTER TABLE drops key constraints
// (translate.KeepForeignKeyIndexes): a foreign key declared on the table
// whose only index over its referencing columns is a dropped one gets a
// hidden index of its own, as go-mysql-server makes for a foreign key
// without one, so the drop goes through as in PostgreSQL, which needs no
// index there.
func KeepForeignKeyIndexes(h Host, c *translate.KeepForeignKeyIndexes) error {
	ctx := h.SQLContext()
	for _, k := range c.Keys {
		t, ok := h.Table(ctx, k.Schema, k.Name)
		if !ok {
			continue
		}
		if err := keepForeignKeyIndexes(ctx, t, "constraint", k.Column); err != nil {
			return err
		}
	}
	return nil
}

// keepForeignKeyIndexes gives t's foreign keys that would be left without
// an index over their referencing columns once index is dropped a hidden
// one, named after the foreign key. A foreign key referencing t through
// that index alone depends on it, as in PostgreSQL (2BP01); kind names
// what is dropped, "constraint" or "index".
func keepForeignKeyIndexes(ctx *sql.Context, t *storage.Table, kind, index string) error {
	// the primary key's index is "PRIMARY" to go-mysql-server, whatever
	// the constraint's name
	ignored := []string{index}
	if kind == "constraint" && t.PrimaryKeyName() == index {
		ignored = append(ignored, "PRIMARY")
	}
	refs, err := t.GetReferencedForeignKeys(ctx)
	if err != nil {
		return err
	}
	for _, fk := range refs {
		if _, ok, err := plan.FindFKIndexWithPrefix(ctx, t, fk.ParentColumns, true, ignored...); err != nil {
			return err
		} else if !ok {
			what := "index " + index
			if kind == "constraint" {
				what = "constraint " + index + " on table " + t.Name()
			}
			return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s because other objects depend on it", what).
				WithDetail("constraint %s on table %s depends on index %s", fk.Name, fk.Table, index).
				WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
	}
	fks, err := t.GetDeclaredForeignKeys(ctx)
	if err != nil {
		return err
	}
	for _, fk := range fks {
		if _, ok, err := plan.FindFKIndexWithPrefix(ctx, t, fk.Columns, false, ignored...); err != nil || ok {
			if err != nil {
				return err
			}
			continue
		}
		name, err := freeIndexName(ctx, t, fk.Name)
		if err != nil {
			return err
		}
		cols := make([]sql.IndexColumn, len(fk.Columns))
		for i, c := range fk.Columns {
			cols[i] = sql.IndexColumn{Name: c}
		}
		if err := t.CreateIndexForForeignKey(ctx, sql.IndexDef{Name: name, Columns: cols,
			Constraint: sql.IndexConstraint_None, Storage: sql.IndexUsing_Default}); err != nil {
			return err
		}
	}
	return nil
}

// freeIndexName is name, or name with the first numeric suffix no index
// of t has.
func freeIndexName(ctx *sql.Context, t *storage.Table, name string) (string, error) {
	ixs, err := t.GetIndexes(ctx)
	if err != nil {
		return "", err
	}
	taken := map[string]bool{}
	for _, ix := range ixs {
		taken[strings.ToLower(ix.ID())] = true
	}
	cand := name
	for i := 2; taken[strings.ToLower(cand)]; i++ {
		cand = fmt.Sprintf("%s_%d", name, i)
	}
	return cand, nil
}
