package realtime

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// payload renders the data of a postgres_changes message as Realtime's
// replication poller does.
func payload(c *engine.Change, info tableInfo, ts string) []byte {
	var b bytes.Buffer
	w := func(k string, v []byte) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + k + `":`)
		b.Write(v)
	}
	str := func(s string) []byte { j, _ := json.Marshal(s); return j }
	b.WriteByte('{')
	w("schema", str(c.Schema))
	w("table", str(c.Table))
	w("commit_timestamp", str(ts))
	w("type", str(c.Op))
	var cols bytes.Buffer
	cols.WriteByte('[')
	for i, col := range c.Columns {
		if i > 0 {
			cols.WriteByte(',')
		}
		cols.WriteString(`{"name":`)
		cols.Write(str(col.Name))
		cols.WriteString(`,"type":`)
		cols.Write(str(col.TypeName))
		cols.WriteByte('}')
	}
	cols.WriteByte(']')
	w("columns", cols.Bytes())
	if c.Op != "DELETE" {
		w("record", object(c, c.New, nil))
	}
	if c.Op == "UPDATE" || c.Op == "DELETE" {
		var keep func(int) bool
		pk := func(i int) bool {
			for _, o := range c.PK {
				if o == i {
					return true
				}
			}
			return false
		}
		switch {
		case c.Op == "DELETE" && info.rls:
			keep = pk // RLS cannot be checked on a deleted row: only its key
		case info.replident == 'f':
		case info.replident == 'n':
			keep = func(int) bool { return false }
		case info.replident == 'i':
			keep = func(i int) bool { return info.identity[c.Columns[i].Name] }
		default:
			keep = pk
		}
		w("old_record", object(c, c.Old, keep))
	}
	w("errors", []byte("null"))
	b.WriteByte('}')
	return b.Bytes()
}

// noKeyPayload is apply_rls's answer to an insert or update of a table
// without a primary key: no columns or rows, and the error. Realtime's
// poller reads the missing fields as [] and {}.
func noKeyPayload(c *engine.Change) []byte {
	o := map[string]any{"schema": c.Schema, "table": c.Table, "type": c.Op, "commit_timestamp": nil,
		"columns": []any{}, "record": map[string]any{}, "errors": []string{"Error 400: Bad Request, no primary key"}}
	if c.Op == "UPDATE" {
		o["old_record"] = map[string]any{}
	}
	b, _ := json.Marshal(o)
	return b
}

func object(c *engine.Change, row []json.RawMessage, keep func(int) bool) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	for i, col := range c.Columns {
		if keep != nil && !keep(i) {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		k, _ := json.Marshal(col.Name)
		b.Write(k)
		b.WriteByte(':')
		if i < len(row) && row[i] != nil {
			b.Write(row[i])
		} else {
			b.WriteString("null")
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// appendIDs appends ids as a JSON array.
func appendIDs(b []byte, ids []int64) []byte {
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return append(b, ']')
}
