package realtime

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// pgBinding is one postgres_changes subscription of a channel.
type pgBinding struct {
	id            int64
	event         string // INSERT, UPDATE, DELETE or *
	schema, table string // table "" or "*": every table of the schema
	filter        *filter
}

// filter is "column=op.value" (eq, neq, lt, lte, gt, gte, in).
type filter struct {
	column, op string
	values     []string // one, or the list of in
}

// parseBinding reads one config.postgres_changes entry and returns it
// with its id added, as the join reply lists it (the client matches its
// bindings against the echo field by field).
func parseBinding(raw json.RawMessage) (pgBinding, json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return pgBinding{}, raw, fmt.Errorf("Error parsing `postgres_changes` params: %s", raw)
	}
	str := func(k string) string {
		var s string
		_ = json.Unmarshal(obj[k], &s)
		return s
	}
	h := fnv.New32a()
	h.Write(raw)
	b := pgBinding{id: int64(h.Sum32() & 0x7ffffff), event: strings.ToUpper(str("event")), schema: str("schema"), table: str("table")}
	obj["id"], _ = json.Marshal(b.id)
	echo, _ := json.Marshal(obj)
	if b.event == "" {
		b.event = "*"
	}
	switch b.event {
	case "*", "INSERT", "UPDATE", "DELETE":
	default:
		return b, echo, fmt.Errorf("Error parsing `event` params: %s", str("event"))
	}
	if b.schema == "" {
		b.schema = "public"
	}
	if f := str("filter"); f != "" {
		flt, err := parseFilter(f)
		if err != nil {
			return b, echo, err
		}
		b.filter = flt
	}
	return b, echo, nil
}

func parseFilter(f string) (*filter, error) {
	col, rest, ok := strings.Cut(f, "=")
	op, val, ok2 := strings.Cut(rest, ".")
	if !ok || !ok2 || col == "" {
		return nil, fmt.Errorf("Error parsing `filter` params: %s", f)
	}
	flt := &filter{column: col, op: op}
	switch op {
	case "eq", "neq", "lt", "lte", "gt", "gte":
		flt.values = []string{val}
	case "in":
		inner, ok := strings.CutPrefix(val, "(")
		inner, ok2 := strings.CutSuffix(inner, ")")
		if !ok || !ok2 {
			return nil, fmt.Errorf("Error parsing `filter` params: %s", f)
		}
		for _, v := range strings.Split(inner, ",") {
			flt.values = append(flt.values, strings.Trim(strings.TrimSpace(v), `"`))
		}
		if len(flt.values) > 100 {
			return nil, fmt.Errorf("Error parsing `filter` params: %s", f)
		}
	default:
		return nil, fmt.Errorf("Error parsing `filter` params: %s", f)
	}
	return flt, nil
}

// matches reports whether a row (column name → to_json value) passes
// the filter. A missing column or NULL never matches, as SQL's
// comparison with NULL is never true.
func (f *filter) matches(row map[string]json.RawMessage) bool {
	raw, ok := row[f.column]
	if !ok || raw == nil || string(raw) == "null" {
		return false
	}
	if f.op == "in" {
		for _, v := range f.values {
			if compare(raw, v) == 0 {
				return true
			}
		}
		return false
	}
	c := compare(raw, f.values[0])
	switch f.op {
	case "eq":
		return c == 0
	case "neq":
		return c != 0 && c != incomparable
	case "lt":
		return c == -1
	case "lte":
		return c == -1 || c == 0
	case "gt":
		return c == 1
	case "gte":
		return c == 1 || c == 0
	}
	return false
}

const incomparable = 2

// compare compares a column's JSON value with a filter's text value as
// the column's type would: numbers numerically, booleans as booleans,
// everything else (text, uuid, timestamps) as its text.
func compare(raw json.RawMessage, v string) int {
	var x any
	if json.Unmarshal(raw, &x) != nil {
		return incomparable
	}
	switch x := x.(type) {
	case float64:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return incomparable
		}
		switch {
		case x < f:
			return -1
		case x > f:
			return 1
		}
		return 0
	case bool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return incomparable
		}
		if x == b {
			return 0
		}
		if !x {
			return -1
		}
		return 1
	case string:
		return strings.Compare(x, v)
	}
	return strings.Compare(string(raw), v)
}
