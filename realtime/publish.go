package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"

	"github.com/tinybase/tinybase/engine"
)

// publish applies the supabase_realtime publication's row filter and
// column list to a change of a table, as PostgreSQL's pgoutput does
// (docs: Logical Replication, Row Filters and Column Lists), so that the
// engine streams what tinybase streams from a PostgreSQL (pgfeed.go): an
// INSERT is sent when its new row passes the filter, a DELETE when its
// old row does; an UPDATE whose old row passes and new row does not
// becomes a DELETE, the reverse an INSERT, and one passing neither is
// not sent. Columns outside the list are left out of every row. nil when
// nothing is sent. (Supabase's own Realtime reads changes through
// wal2json, which applies neither.)
func (f *changeFeed) publish(c *engine.Change, info tableInfo) *engine.Change {
	if info.rowFilter != "" {
		var oldOK, newOK bool
		if c.Old != nil {
			oldOK = f.passes(c, c.Old, info.rowFilter)
		}
		if c.New != nil {
			newOK = f.passes(c, c.New, info.rowFilter)
		}
		switch c.Op {
		case "INSERT":
			if !newOK {
				return nil
			}
		case "DELETE":
			if !oldOK {
				return nil
			}
		case "UPDATE":
			switch {
			case !oldOK && !newOK:
				return nil
			case !oldOK:
				n := *c
				n.Op, n.Old = "INSERT", nil
				c = &n
			case !newOK:
				n := *c
				n.Op, n.New = "DELETE", nil
				c = &n
			}
		}
	}
	if info.columns == nil {
		return c
	}
	n := engine.Change{Schema: c.Schema, Table: c.Table, Op: c.Op}
	keep := make([]int, 0, len(c.Columns))
	for i, col := range c.Columns {
		if info.columns[col.Name] {
			keep = append(keep, i)
			n.Columns = append(n.Columns, col)
		}
	}
	for _, o := range c.PK {
		if k := slices.Index(keep, o); k >= 0 {
			n.PK = append(n.PK, k)
		}
	}
	project := func(row []json.RawMessage) []json.RawMessage {
		if row == nil {
			return nil
		}
		out := make([]json.RawMessage, len(keep))
		for k, i := range keep {
			out[k] = row[i]
		}
		return out
	}
	n.Old, n.New = project(c.Old), project(c.New)
	return &n
}

// passes evaluates a row filter on one row image: the row as a record
// of the table's type (jsonb_populate_record), the filter over its
// columns. A filter that fails to evaluate lets nothing through.
func (f *changeFeed) passes(c *engine.Change, row []json.RawMessage, filter string) bool {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, col := range c.Columns {
		if i > 0 {
			b.WriteByte(',')
		}
		name, _ := json.Marshal(col.Name)
		b.Write(name)
		b.WriteByte(':')
		if row[i] == nil {
			b.WriteString("null")
		} else {
			b.Write(row[i])
		}
	}
	b.WriteByte('}')
	rel := quoteIdent(c.Schema) + "." + quoteIdent(c.Table)
	rows, err := f.cat.Query(context.Background(), "select coalesce(("+filter+"), false) from pg_catalog.jsonb_populate_record(null::"+rel+", $1::jsonb) as "+quoteIdent(c.Table), b.String())
	if err != nil {
		f.s.cfg.Logger.Error("realtime: evaluating the supabase_realtime publication's row filter", "table", rel, "err", err)
		return false
	}
	defer rows.Close()
	ok := false
	for rows.Next() {
		if v := rows.Text(); len(v) == 1 && v[0] != nil {
			ok = *v[0] == "t"
		}
	}
	return ok && rows.Err() == nil
}
