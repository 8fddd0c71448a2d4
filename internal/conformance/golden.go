package conformance

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// The golden format is a stream of JSON objects, one per statement, in
// statement order. Each object starts on its own line; columns, rows and
// notices go on lines of their own, one row per line, so a diff of two
// recordings shows exactly the rows that changed:
//
//	{"n":2,"sql":"SELECT id, title FROM todos ORDER BY id","tag":"SELECT 2","ordered":true,
//	 "columns":[{"name":"id","type":"integer"},{"name":"title","type":"text"}],
//	 "rows":[
//	  ["1","buy milk"],
//	  ["2",null]
//	 ]}
//	{"n":3,"sql":"INSERT INTO todos VALUES (1)","error":{"code":"23505","message":"..."}}
//
// JSON strings make every value unambiguous: NULL is null, the string "NULL"
// is "NULL", and newlines or '|' inside values need no further quoting.

// EncodeGolden writes results in the golden format.
func EncodeGolden(w io.Writer, results []*Result) error {
	var buf bytes.Buffer
	for _, r := range results {
		if r.Failure != "" {
			return fmt.Errorf("conformance: statement %d has no outcome: %s", r.N, r.Failure)
		}
		buf.WriteString(`{"n":`)
		buf.WriteString(mustJSON(r.N))
		buf.WriteString(`,"sql":`)
		buf.WriteString(mustJSON(r.SQL))
		if r.Error != nil {
			buf.WriteString(`,"error":`)
			buf.WriteString(mustJSON(r.Error))
		} else {
			buf.WriteString(`,"tag":`)
			buf.WriteString(mustJSON(r.Tag))
			if r.Ordered {
				buf.WriteString(`,"ordered":true`)
			}
			if len(r.Columns) > 0 {
				buf.WriteString(",\n \"columns\":")
				buf.WriteString(mustJSON(r.Columns))
				buf.WriteString(",\n \"rows\":[")
				for i, row := range r.Rows {
					if i > 0 {
						buf.WriteByte(',')
					}
					buf.WriteString("\n  ")
					buf.WriteString(mustJSON(row))
				}
				if len(r.Rows) > 0 {
					buf.WriteString("\n ")
				}
				buf.WriteByte(']')
			}
		}
		if len(r.Notices) > 0 {
			buf.WriteString(",\n \"notices\":")
			buf.WriteString(mustJSON(r.Notices))
			if len(r.NoticeCodes) > 0 {
				buf.WriteString(",\n \"notice_codes\":")
				buf.WriteString(mustJSON(r.NoticeCodes))
			}
		}
		buf.WriteString("}\n")
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// DecodeGolden reads results written by EncodeGolden.
func DecodeGolden(r io.Reader) ([]*Result, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var out []*Result
	for {
		var res Result
		err := dec.Decode(&res)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("conformance: golden record %d: %w", len(out)+1, err)
		}
		if res.N != len(out)+1 {
			return nil, fmt.Errorf("conformance: golden record %d is numbered %d", len(out)+1, res.N)
		}
		out = append(out, &res)
	}
}

// ReadGolden reads a golden file.
func ReadGolden(path string) ([]*Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return DecodeGolden(f)
}

// WriteGolden writes a golden file.
func WriteGolden(path string, results []*Result) error {
	var buf bytes.Buffer
	if err := EncodeGolden(&buf, results); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// mustJSON encodes v without HTML escaping, so operators such as <@ and &&
// stay readable. v is always one of the package's plain data types.
func mustJSON(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(fmt.Sprintf("conformance: encode %T: %v", v, err))
	}
	return string(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}
