package mcp

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// Row is one result row as a JSON object whose keys keep the columns'
// order (a Go map would sort them), as postgres-meta returns rows to
// Supabase's execute_sql.
type Row []Field

// Field is one column of a Row.
type Field struct {
	Name  string
	Value any
}

// MarshalJSON writes the row as an object in column order.
func (r Row) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range r {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.Value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Get returns the value of the named column (nil when absent or NULL).
func (r Row) Get(name string) any {
	for _, f := range r {
		if f.Name == name {
			return f.Value
		}
	}
	return nil
}

// Type OIDs whose text form is already valid JSON of the right kind.
const (
	oidBool    = 16
	oidInt8    = 20
	oidInt2    = 21
	oidInt4    = 23
	oidOID     = 26
	oidJSON    = 114
	oidFloat4  = 700
	oidFloat8  = 701
	oidNumeric = 1700
	oidJSONB   = 3802
)

// jsonValue converts one text-format value to what a Postgres client
// library gives JavaScript: booleans, numbers and JSON as themselves,
// everything else as its text.
func jsonValue(col engine.Column, text *string) any {
	if text == nil {
		return nil
	}
	s := *text
	switch col.TypeOID {
	case oidBool:
		return s == "t" || s == "true"
	case oidInt2, oidInt4, oidInt8, oidOID, oidFloat4, oidFloat8, oidNumeric:
		if json.Valid([]byte(s)) {
			return json.Number(s)
		}
		return s // NaN, Infinity
	case oidJSON, oidJSONB:
		if json.Valid([]byte(s)) {
			return json.RawMessage(s)
		}
	}
	return s
}

// makeRow pairs column names with converted values; a repeated column
// name keeps its first place and its last value, as a JavaScript object
// built from the row does.
func makeRow(cols []engine.Column, text []*string) Row {
	r := make(Row, 0, len(cols))
outer:
	for i, c := range cols {
		v := jsonValue(c, text[i])
		for j := range r {
			if r[j].Name == c.Name {
				r[j].Value = v
				continue outer
			}
		}
		r = append(r, Field{c.Name, v})
	}
	return r
}

// firstWord is a statement's first keyword, lower-cased, after leading
// whitespace, parentheses and comments.
func firstWord(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n(")
		switch {
		case strings.HasPrefix(s, "--"):
			i := strings.IndexByte(s, '\n')
			if i < 0 {
				return ""
			}
			s = s[i+1:]
			continue
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s, "*/")
			if i < 0 {
				return ""
			}
			s = s[i+2:]
			continue
		}
		break
	}
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return strings.ToLower(s[:i])
		}
	}
	return strings.ToLower(s)
}

// isTransactionControl reports whether a statement begins or ends a
// transaction (or a savepoint), which a tool's own transaction forbids.
func isTransactionControl(stmt string) bool {
	switch firstWord(stmt) {
	case "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "prepare":
		return true
	}
	return false
}
