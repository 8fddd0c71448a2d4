package ddl

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// Matview records or forgets a materialized view's query (the table part
// of CREATE / DROP MATERIALIZED VIEW runs as CREATE TABLE AS / DROP
// TABLE).
func Matview(h Host, c *translate.Matview) error {
	cat := h.Catalog()
	if c.Drop {
		h.SetCatalog(cat.DropMatview(c.Name))
		return nil
	}
	schema, err := CreationSchema(h, c.Name.Schema)
	if err != nil {
		return err
	}
	h.SetCatalog(cat.PutMatview(catalog.QName{Schema: schema, Name: c.Name.Name}, c.Query))
	return nil
}

// refreshMatview is REFRESH MATERIALIZED VIEW: the query runs first (its
// errors leave the rows as they were), then the rows are replaced.
func refreshMatview(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	var rows []sql.Row
	if !c.NoData {
		sch, iter, err := h.QueryGMS(ctx, sqlparser.String(c.Query), c.Query)
		if err != nil {
			return err
		}
		for {
			r, err := iter.Next(ctx)
			if err == io.EOF {
				break
			}
			if err != nil {
				iter.Close(ctx)
				return err
			}
			row := make(sql.Row, len(r))
			for i, v := range r {
				if row[i], err = expr.FromGMSValue(expr.FromGMSType(sch[i].Type), v); err != nil {
					iter.Close(ctx)
					return err
				}
			}
			rows = append(rows, row)
		}
		if err := iter.Close(ctx); err != nil {
			return err
		}
	}
	return rewriteRows(h, ctx, t, func(sql.Row) {}, rows)
}
