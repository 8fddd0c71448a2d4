package ddl

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// clonePartitionForeignKeys gives a partition created or attached later
// its partitioned table's foreign keys, under their names (docs 5.11.2.3;
// PostgreSQL's CloneForeignKeyConstraints), so a row written to the
// partition directly is checked too. An attached table's rows must
// satisfy them (23503).
func clonePartitionForeignKeys(h Host, ctx *sql.Context, schema, name string) error {
	child, pq, ok, err := newPartitionParent(h, schema, name)
	if err != nil || !ok {
		return err
	}
	parent, ok := h.Table(ctx, pq.Schema, pq.Name)
	if !ok {
		return nil
	}
	ct, ok := h.Table(ctx, child.Schema, child.Name)
	if !ok {
		return nil
	}
	fks, err := parent.GetDeclaredForeignKeys(ctx)
	if err != nil {
		return err
	}
	have, err := ct.GetDeclaredForeignKeys(ctx)
	if err != nil {
		return err
	}
	for _, fk := range fks {
		dup := false
		for _, o := range have {
			dup = dup || o.Name == fk.Name
		}
		if dup {
			continue
		}
		if err := checkForeignKeyRows(h, ctx, child, fk); err != nil {
			return err
		}
		nfk := fk
		nfk.Table, nfk.SchemaName = "", ""
		nfk.Columns = append([]string(nil), fk.Columns...)
		nfk.ParentColumns = append([]string(nil), fk.ParentColumns...)
		if err := ct.AddForeignKey(ctx, nfk); err != nil {
			return err
		}
	}
	return nil
}

// checkForeignKeyRows fails when a row of table q has a key fk's
// referenced table lacks.
func checkForeignKeyRows(h Host, ctx *sql.Context, q catalog.QName, fk sql.ForeignKeyConstraint) error {
	ct, ok := h.Table(ctx, q.Schema, q.Name)
	if !ok {
		return nil
	}
	rows, err := allRows(ctx, ct)
	if err != nil || len(rows) == 0 {
		return err
	}
	rt, ok := h.Table(ctx, fk.ParentSchema, fk.ParentTable)
	if !ok {
		return nil
	}
	keyOf := func(sch sql.Schema, cols []string, row sql.Row) (string, bool) {
		parts := make([]string, len(cols))
		for i, c := range cols {
			j := sch.IndexOfColName(c)
			if j < 0 || j >= len(row) || row[j] == nil {
				return "", false
			}
			parts[i] = fmt.Sprint(row[j])
		}
		return strings.Join(parts, "\x00"), true
	}
	refs, err := allRows(ctx, rt)
	if err != nil {
		return err
	}
	present := map[string]bool{}
	for _, r := range refs {
		if k, ok := keyOf(rt.Schema(), fk.ParentColumns, r); ok {
			present[k] = true
		}
	}
	for _, r := range rows {
		k, ok := keyOf(ct.Schema(), fk.Columns, r)
		if !ok || present[k] {
			continue
		}
		vals := strings.ReplaceAll(k, "\x00", ", ")
		return &pgerror.Error{Severity: "ERROR", Code: pgerror.ForeignKeyViolation, Schema: q.Schema, Table: q.Name, Constraint: fk.Name,
			Message: fmt.Sprintf("insert or update on table %q violates foreign key constraint %q", q.Name, fk.Name),
			Detail:  fmt.Sprintf("Key (%s)=(%s) is not present in table %q.", strings.Join(fk.Columns, ", "), vals, fk.ParentTable)}
	}
	return nil
}
